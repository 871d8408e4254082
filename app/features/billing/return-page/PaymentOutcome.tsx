// What the checkout return page says about the payment: received, declined (with the next step when the
// listing is past due), cancelled, or still processing with "Check again" and "Refresh".
import { Form } from "@remix-run/react";
import { Alert } from "~/ui/Alert";
import { Button } from "~/ui/Button";
import { PublicStatusNote } from "../PublicStatusNote";
import { weekAfterPaying } from "../public-status";
import type { PublicStatus } from "../public-status";

export type ReturnedPayment = {
  status: "open" | "succeeded" | "failed";
  plan: string;
  amount: string;
  cancelled: boolean;
  periodEnd: string | null;
  pastDue: { listingId: string; deadline: string } | null;
  /** Paid: the listing's public state, and whether the week waits for it to be public. */
  listing: { firstName: string; status: PublicStatus } | null;
};

export function PaymentOutcome({ result, pageHref }: { result: ReturnedPayment; pageHref: string }) {
  return result.status === "succeeded" ? (
    <div className="space-y-3">
      <Alert tone="success">
        Payment received: {result.amount} for the {result.plan} plan.
        {result.periodEnd ? ` Your plan runs until ${result.periodEnd} and renews weekly.` : ""}
      </Alert>
      {result.listing ? (
        <PublicStatusNote
          name={result.listing.firstName}
          status={result.listing.status}
          week={weekAfterPaying(result.listing.firstName, result.listing.status)}
        />
      ) : null}
    </div>
  ) : result.status === "failed" && result.pastDue ? (
    <Alert tone="error" data-testid="declined-next-step">
      <div className="space-y-3">
        <p className="font-semibold">Your card was declined. Use another card.</p>
        <p>No payment was taken. Pay by {result.pastDue.deadline} to keep this listing public.</p>
        <Form method="post" action="/managesub">
          <input type="hidden" name="intent" value="useAnotherCard" />
          <input type="hidden" name="listingId" value={result.pastDue.listingId} />
          <Button type="submit" data-testid="declined-use-another-card">
            Use another card
          </Button>
        </Form>
      </div>
    </Alert>
  ) : result.status === "failed" ? (
    <Alert tone="error">
      Your card was declined. No payment was taken and nothing about your listing has changed. You can try again with
      another card.
    </Alert>
  ) : result.cancelled ? (
    <Alert tone="error">The payment was cancelled. Nothing was charged.</Alert>
  ) : (
    <div className="space-y-3">
      <p
        role="status"
        aria-live="polite"
        className="rounded-xl border border-line bg-panel p-5 text-lg"
        data-testid="payment-processing"
      >
        Payment processing… This page updates by itself.
      </p>
      <div className="flex flex-wrap items-center gap-4">
        <Form method="post" replace>
          <input type="hidden" name="intent" value="check" />
          <button type="submit" className="min-h-11 text-accent underline underline-offset-2">
            Check again
          </button>
        </Form>
        {/* Without JavaScript nothing reloads by itself: the page again, with the latest outcome. */}
        <a href={pageHref} className="inline-flex min-h-11 items-center text-accent underline underline-offset-2">
          Refresh
        </a>
      </div>
    </div>
  );
}
