import { Link } from "@remix-run/react";
import { Alert } from "~/ui/Alert";

/**
 * One summary at the top of the dashboard when a renewal failed: which listings need paying and by when, so an
 * agency's failed payment is not left on a card a screen or more down. Each card still says it too.
 */
export function PaymentsDue({
  listings,
  deadlines,
}: {
  listings: readonly { listingId: string; firstName: string }[];
  /** Past-due listings' deadlines (the grace's end, worded), by listing id. */
  deadlines: Record<string, string>;
}) {
  const due = listings.filter((l) => deadlines[l.listingId]);
  if (due.length === 0) return null;
  const [only] = due;
  return (
    <Alert tone="error" data-testid="payments-due">
      <p className="font-semibold">
        {due.length === 1
          ? `1 listing needs payment by ${deadlines[only.listingId]}: ${only.firstName}.`
          : `${due.length} listings need payment:`}
      </p>
      {due.length > 1 ? (
        <ul className="mt-1 list-disc pl-5">
          {due.map((l) => (
            <li key={l.listingId}>
              {l.firstName} by {deadlines[l.listingId]}
            </li>
          ))}
        </ul>
      ) : null}
      <p className="mt-1">Until then each stays public; after it, it is hidden until paid.</p>
      <Link
        to="/managesub"
        className="mt-1 inline-flex min-h-11 items-center font-semibold underline underline-offset-2"
      >
        Pay now
      </Link>
    </Alert>
  );
}
