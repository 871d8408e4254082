// What a past-due listing's owner reads (app/features/billing/emails.ts) and the toasts' words (app/features/site/toasts.ts).
import { describe, expect, it } from "vitest";
import { pastDueText } from "~/features/billing/emails";
import { formatNzDeadline } from "~/platform/time/date-text";
import { adminActionToast } from "~/features/moderation/moderation";
import { isToastKey, TOAST } from "~/features/site/toasts";
import { ADMIN_ACTIONS } from "~/features/audit/audit";

describe("the deadline of a failed payment", () => {
  it("is told to the minute in New Zealand time, whatever the server's zone", () => {
    // 01:05 UTC on 27 November 2026 is 2:05 pm in Auckland (NZDT, UTC+13).
    expect(formatNzDeadline(Date.UTC(2026, 10, 27, 1, 5))).toBe("Friday, 27 November at 2:05 pm");
    // Winter (NZST, UTC+12): 20:30 UTC on 1 July is 8:30 am on 2 July.
    expect(formatNzDeadline(Date.UTC(2026, 6, 1, 20, 30))).toBe("Thursday, 2 July at 8:30 am");
  });

  it("says what keeps the listing public", () => {
    expect(pastDueText("Friday, 27 November at 2:05 pm")).toBe(
      "Payment failed. Pay by Friday, 27 November at 2:05 pm to keep this listing public.",
    );
  });
});

describe("toasts", () => {
  it("every administrator action on the grid has its own confirmation", () => {
    const words = ADMIN_ACTIONS.map((a) => TOAST[adminActionToast(a)]);
    expect(new Set(words).size).toBe(ADMIN_ACTIONS.length);
  });

  it("only known keys are toasts: a cookie carries a name, never words", () => {
    expect(isToastKey("upgraded")).toBe(true);
    expect(isToastKey("<script>")).toBe(false);
    expect(isToastKey("toString")).toBe(false);
  });
});
