// How the owner's list of payments names each one's outcome (/managesub, 'Payments and receipts'). A
// checkout the provider left, or that a newer checkout or a 'Pay now' with the card on file replaced, is
// stored as failed with the reason why; nothing was charged and nothing went wrong with their card, so it
// reads 'Not completed', never 'Failed'.

export type PaymentOutcome = "Paid" | "Processing" | "Not completed" | "Declined" | "Refunded" | "Failed";

/**
 * The stored failures that only mean nobody finished the payment, by how each writer begins its reason:
 * billing/checkout.server.ts ('Replaced by another checkout', 'The payment provider did not answer'),
 * billing/past-due.server.ts ('Replaced by a payment with the card on file'),
 * payments/abandoned-checkouts.server.ts ('Abandoned: …') and payments/open-payments.server.ts ('Given up
 * by an administrator: …').
 */
const NOT_COMPLETED = ["Replaced by", "Abandoned", "Given up", "The payment provider did not answer"];

export function paymentOutcome(status: "open" | "succeeded" | "failed", failure: string | null): PaymentOutcome {
  if (status === "succeeded") return "Paid";
  if (status === "open") return "Processing";
  if (failure && NOT_COMPLETED.some((start) => failure.startsWith(start))) return "Not completed";
  if (failure === "Declined") return "Declined";
  if (failure === "Paid, but refunded") return "Refunded";
  return "Failed";
}
