import { describe, expect, it } from "vitest";
import { paymentOutcome } from "~/features/billing/payment-outcome";

describe("a payment's outcome in the owner's list", () => {
  it("says 'Not completed', never 'Failed', for a checkout nobody finished", () => {
    for (const failure of [
      "Replaced by another checkout",
      "Replaced by a payment with the card on file",
      "Abandoned: nobody completed the checkout",
      "Given up by an administrator: the provider has no record of it",
      "The payment provider did not answer",
    ])
      expect(paymentOutcome("failed", failure), failure).toBe("Not completed");
  });

  it("names a decline, a refund and any other failure for what they are", () => {
    expect(paymentOutcome("failed", "Declined")).toBe("Declined");
    expect(paymentOutcome("failed", "Paid, but refunded")).toBe("Refunded");
    expect(paymentOutcome("failed", "Insufficient funds")).toBe("Failed");
    expect(paymentOutcome("failed", null)).toBe("Failed");
    expect(paymentOutcome("succeeded", null)).toBe("Paid");
    expect(paymentOutcome("open", null)).toBe("Processing");
  });
});
