// The review times' rules: nearest-rank percentiles over real waits, and the waits in words
// (docs/decisions/0064-review-times-and-appeals.md).
import { describe, expect, it } from "vitest";
import { APPEAL_MSG, mayDecide, parseAppealDecision, parseAppealMessage } from "~/features/review-service/appeal-rules";
import { percentile, summarise, waitText } from "~/features/review-service/waits";

const H = 3_600_000;

describe("percentiles", () => {
  it("nearest rank: always a wait someone really had", () => {
    const waits = [5, 1, 4, 2, 3, 10, 9, 8, 7, 6].map((h) => h * H);
    expect(percentile(waits, 50)).toBe(5 * H);
    expect(percentile(waits, 90)).toBe(9 * H);
    expect(percentile(waits, 100)).toBe(10 * H);
    expect(percentile([7 * H], 90)).toBe(7 * H);
    expect(percentile([2 * H, 30 * H], 50)).toBe(2 * H);
    expect(percentile([2 * H, 30 * H], 90)).toBe(30 * H);
    expect(percentile([], 50)).toBeNull();
  });

  it("one slow case moves the 90th percentile, not the median", () => {
    const waits = [...Array.from({ length: 19 }, () => 3 * H), 200 * H];
    expect(summarise("id", waits)).toEqual({ kind: "id", decisions: 20, median: 3 * H, p90: 3 * H });
    const slower = [...Array.from({ length: 17 }, () => 3 * H), 100 * H, 150 * H, 200 * H];
    expect(summarise("photo", slower)).toMatchObject({ median: 3 * H, p90: 100 * H });
  });
});

describe("waits in words", () => {
  it("hours, then days and hours", () => {
    expect(waitText(null)).toBe("no decisions yet");
    expect(waitText(20 * 60_000)).toBe("under an hour");
    expect(waitText(1 * H)).toBe("1 hour");
    expect(waitText(47 * H)).toBe("47 hours");
    expect(waitText(48 * H)).toBe("2 days");
    expect(waitText(73 * H)).toBe("3 days 1 hour");
  });
});

describe("appeals", () => {
  it("a different administrator decides, unless there is only one", () => {
    expect(mayDecide("a1", "a1", 2)).toBe(false);
    expect(mayDecide("a2", "a1", 2)).toBe(true);
    expect(mayDecide("a1", "a1", 1)).toBe(true);
    // A takedown the clock decided has no administrator behind it: anyone may decide its appeal.
    expect(mayDecide("a1", "clock", 3)).toBe(true);
  });

  it("both outcomes state their reason; an appeal says why", () => {
    expect(parseAppealDecision("uphold", "")).toEqual({ ok: false, error: APPEAL_MSG.reason });
    expect(parseAppealDecision("overturn", "  The licence was readable.  ")).toEqual({
      ok: true,
      decision: "overturn",
      reason: "The licence was readable.",
    });
    expect(parseAppealDecision("approve", "The licence was readable.")).toEqual({ ok: false, error: "Unknown action" });
    expect(parseAppealMessage("short")).toEqual({ ok: false, error: APPEAL_MSG.message });
    expect(parseAppealMessage(" The photo was clear and current. ")).toEqual({
      ok: true,
      message: "The photo was clear and current.",
    });
  });
});
