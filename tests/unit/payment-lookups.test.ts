// The rules for payments left open (app/features/payments/lookups.ts): what each answer of a provider's lookup
// leads to, the per-payment rate limit, and the input the admin actions take.
import { describe, expect, it } from "vitest";
import {
  isPaymentId,
  LOOKUP_MIN_INTERVAL_MS,
  lookupAction,
  mayAskProvider,
  parseGiveUpReason,
} from "~/features/payments/lookups";
import type { LookupStatus } from "~/features/payments/lookups";

const charge = { kind: "renewal", hasProviderRef: false } as const;
const chargeWithId = { kind: "upgrade", hasProviderRef: true } as const;
const checkout = { kind: "checkout", hasProviderRef: true } as const;

describe("lookupAction", () => {
  it("records a settled or declined answer, whatever asked", () => {
    for (const status of ["settled", "declined"] as const) {
      for (const purpose of ["finish_charge", "sweep_checkout", "check"] as const) {
        for (const payment of [charge, chargeWithId, checkout]) {
          expect(lookupAction(status, payment, purpose)).toBe("record");
        }
      }
    }
  });

  it("never sends or closes on pending or unknown: the card may have been charged", () => {
    for (const status of ["pending", "unknown"] as const) {
      for (const purpose of ["finish_charge", "sweep_checkout", "check"] as const) {
        for (const payment of [charge, chargeWithId, checkout]) {
          expect(lookupAction(status, payment, purpose)).toBe("leave");
        }
      }
    }
  });

  it("none: a charge whose answer never came is sent again; one the provider gave an id for is left alone", () => {
    expect(lookupAction("none", charge, "finish_charge")).toBe("resend");
    expect(lookupAction("none", { kind: "upgrade", hasProviderRef: false }, "finish_charge")).toBe("resend");
    expect(lookupAction("none", chargeWithId, "finish_charge")).toBe("leave");
  });

  it("none: only the cron's sweep closes a checkout; the return page and a charge's sweep never do", () => {
    expect(lookupAction("none", checkout, "sweep_checkout")).toBe("close");
    expect(lookupAction("none", checkout, "check")).toBe("leave");
    expect(lookupAction("none", checkout, "finish_charge")).toBe("leave");
    expect(lookupAction("none", charge, "sweep_checkout")).toBe("leave");
    expect(lookupAction("none", charge, "check")).toBe("leave");
  });

  it("covers every status", () => {
    const all: LookupStatus[] = ["settled", "declined", "pending", "none", "unknown"];
    for (const status of all)
      expect(["record", "resend", "close", "leave"]).toContain(lookupAction(status, charge, "check"));
  });
});

describe("mayAskProvider", () => {
  it("once per payment every 10 seconds", () => {
    const now = 1_700_000_000_000;
    expect(LOOKUP_MIN_INTERVAL_MS).toBe(10_000);
    expect(mayAskProvider(null, now)).toBe(true);
    expect(mayAskProvider(now, now)).toBe(false);
    expect(mayAskProvider(now - 9_999, now)).toBe(false);
    expect(mayAskProvider(now - 10_000, now)).toBe(true);
    // A clock that went back does not lock a payment out for good.
    expect(mayAskProvider(now + 5_000, now)).toBe(false);
    expect(mayAskProvider(now + 5_000, now + 15_000)).toBe(true);
  });
});

describe("isPaymentId", () => {
  it("takes our payment ids and refuses anything else", () => {
    expect(isPaymentId("pay_0123456789abcdef")).toBe(true);
    expect(isPaymentId("pay_01JD8RENEWAL")).toBe(true);
    for (const bad of [
      "",
      "pay_",
      "0123456789abcdef",
      "pay_a b",
      "pay_' OR 1=1",
      `pay_${"a".repeat(61)}`,
      42,
      null,
      undefined,
    ]) {
      expect(isPaymentId(bad)).toBe(false);
    }
  });
});

describe("parseGiveUpReason", () => {
  it("is required, trimmed to one line, and at most 200 characters", () => {
    expect(parseGiveUpReason("  Never charged,\n  says support ")).toBe("Never charged, says support");
    expect(parseGiveUpReason("x".repeat(200))).toBe("x".repeat(200));
    for (const bad of ["", "   ", "x".repeat(201), undefined, null, 7]) expect(parseGiveUpReason(bad)).toBeNull();
  });
});
