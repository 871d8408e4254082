// Back from the payment provider (issue 15). Only the provider's verified notification changes money state,
// so this page says 'Payment processing…' until it has arrived, checking again every second or so, and then
// shows what happened.
import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData, useRevalidator } from "@remix-run/react";
import { useEffect } from "react";
import { InfoPage } from "~/components/InfoPage";
import { Alert } from "~/components/ui/Alert";
import { formatNzDate } from "~/lib/billing-emails";
import { formatPlanPrice, PLANS } from "~/lib/plans";
import { requireUser } from "~/server/auth.server";
import { ownPayment } from "~/server/billing.server";
import { readSubscription } from "~/server/subscriptions.server";

export const meta: MetaFunction = () => [
  { title: "Payment | Kiwi Companions" },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const env = context.cloudflare.env;
  const user = await requireUser(request, context);
  const payment = params.ref ? await ownPayment(env, user.id, params.ref) : null;
  // Someone else's payment, or a made-up reference: nothing to see.
  if (!payment) throw data("Not found", { status: 404, headers: { "Cache-Control": "no-store" } });
  const sub =
    payment.status === "succeeded" && payment.listingId ? await readSubscription(env, payment.listingId) : null;
  return data(
    {
      status: payment.status,
      kind: payment.kind,
      plan: PLANS[payment.plan].name,
      tier: payment.plan,
      amount: formatPlanPrice(payment.amountCents),
      cancelled: new URL(request.url).searchParams.get("cancelled") === "1",
      periodEnd: sub?.periodEnd ? formatNzDate(sub.periodEnd) : null,
    },
    { headers: { "Cache-Control": "no-store" } },
  );
}

/** How long the page keeps asking: a notification later than this is shown on /managesub instead. */
const POLL_MS = 1000;
const POLL_FOR_MS = 120_000;

export default function PaymentReturn() {
  const result = useLoaderData<typeof loader>();
  const revalidator = useRevalidator();
  const waiting = result.status === "open" && !result.cancelled;
  useEffect(() => {
    if (!waiting) return;
    const started = Date.now();
    const timer = window.setInterval(() => {
      if (Date.now() - started > POLL_FOR_MS) return window.clearInterval(timer);
      if (revalidator.state === "idle") revalidator.revalidate();
    }, POLL_MS);
    return () => window.clearInterval(timer);
  }, [waiting, revalidator]);

  return (
    <InfoPage width="medium" title="Your payment">
      <div className="space-y-6" data-testid="payment-result" data-status={result.status}>
        {result.status === "succeeded" ? (
          <Alert tone="success">
            Payment received: {result.amount} for the {result.plan} plan.
            {result.periodEnd ? ` Your plan runs until ${result.periodEnd} and renews weekly.` : ""}
          </Alert>
        ) : result.status === "failed" ? (
          <Alert tone="error">
            Your card was declined. No payment was taken and nothing about your listing has changed. You can try again
            with another card.
          </Alert>
        ) : result.cancelled ? (
          <Alert tone="error">The payment was cancelled. Nothing was charged.</Alert>
        ) : (
          <p role="status" aria-live="polite" className="rounded-xl border border-line bg-panel p-5 text-lg">
            Payment processing…
          </p>
        )}
        <p className="flex flex-wrap gap-4">
          <Link to="/managesub" className="text-accent underline underline-offset-2">
            Your subscriptions and receipts
          </Link>
          {result.status !== "succeeded" ? (
            <Link to={`/subscriptions?tier=${result.tier}`} className="text-accent underline underline-offset-2">
              Choose a plan again
            </Link>
          ) : null}
          <Link to="/dashboard" className="text-accent underline underline-offset-2">
            Dashboard
          </Link>
        </p>
      </div>
    </InfoPage>
  );
}
