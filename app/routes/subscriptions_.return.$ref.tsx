// Back from the payment provider (issue 15). Only the provider's verified notification (or its own answer to
// our lookup, which is as good) changes money state, so this page says 'Payment processing…' until one has
// arrived, checking again every two seconds, and then shows what happened. Still pending after 10 seconds,
// it asks the server to look the payment up at the provider (decision 0015 "Looking a payment up"): a lost
// notification does not leave the payer waiting. "Check again" does the same without JavaScript. The server
// asks the provider at most once per payment every 10 seconds, however often this is posted.
import {
  data,
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import { Form, Link, useFetcher, useLoaderData, useLocation, useRevalidator } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { InfoPage } from "~/features/site/InfoPage";
import { Alert } from "~/ui/Alert";
import { Button } from "~/ui/Button";
import { formatNzDate, paymentDeadline } from "~/features/billing/emails";
import { RETURN_LOOKUP_AFTER_MS } from "~/features/payments/lookups";
import { formatPlanPrice, PLANS } from "~/features/billing/plans";
import { requireUser } from "~/features/accounts/guards.server";
import { ownPayment } from "~/features/billing/billing.server";
import { readForm } from "~/platform/http/body.server";
import { checkOwnPayment } from "~/features/payments/lookups.server";
import { billingGateway } from "~/features/payments/select.server";
import { siteOrigin } from "~/platform/http/site-origin.server";
import { readSubscription } from "~/features/billing/subscriptions.server";

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
  const sub = payment.status !== "open" && payment.listingId ? await readSubscription(env, payment.listingId) : null;
  // Declined while the listing is past due: the next step is another card, before the deadline.
  const pastDue =
    payment.status === "failed" && sub?.status === "past_due" && sub.graceUntil !== null
      ? { modelId: sub.listingId, deadline: paymentDeadline(sub.graceUntil) }
      : null;
  return data(
    {
      status: payment.status,
      kind: payment.kind,
      plan: PLANS[payment.plan].name,
      tier: payment.plan,
      amount: formatPlanPrice(payment.amountCents),
      cancelled: new URL(request.url).searchParams.get("cancelled") === "1",
      periodEnd: payment.status === "succeeded" && sub?.periodEnd ? formatNzDate(sub.periodEnd) : null,
      pastDue,
    },
    { headers: { "Cache-Control": "no-store" } },
  );
}

/**
 * "Check again": the server asks the provider about this payment (rate-limited per payment) and applies a
 * settled or declined answer. The page's script posts with js=1 and reads the loader again; a plain form post
 * comes back to the page.
 */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const { env, ctx } = context.cloudflare;
  const user = await requireUser(request, context);
  const form = await readForm(request);
  if (form?.get("intent") !== "check") {
    return data({ error: "Unknown action." }, { status: 400, headers: { "Cache-Control": "no-store" } });
  }
  const origin = siteOrigin(env, request);
  const gateway = billingGateway(env, ctx, origin);
  const result = gateway
    ? await checkOwnPayment(env, ctx, gateway, user.id, params.ref, origin)
    : ({ ok: true, outcome: "unknown" } as const);
  if (!result.ok) throw data("Not found", { status: 404, headers: { "Cache-Control": "no-store" } });
  if (form.get("js") === "1") return data({ outcome: result.outcome }, { headers: { "Cache-Control": "no-store" } });
  const url = new URL(request.url);
  throw redirect(url.pathname + url.search, { status: 303, headers: { "Cache-Control": "no-store" } });
}

/** How long the page keeps asking: a notification later than this is shown on /managesub instead. */
const POLL_MS = 2000;
const POLL_FOR_MS = 120_000;

export default function PaymentReturn() {
  const result = useLoaderData<typeof loader>();
  const revalidator = useRevalidator();
  const lookup = useFetcher<typeof action>();
  const waiting = result.status === "open" && !result.cancelled;
  const { pathname, search } = useLocation();
  const pageHref = pathname + search;
  // The timer reads the revalidator and the fetcher through refs: both change on every revalidation, and
  // restarting the timer with them would restart its clock too (and never reach the 10 seconds).
  const live = useRef({ revalidator, lookup });
  live.current = { revalidator, lookup };
  useEffect(() => {
    if (!waiting) return;
    const started = Date.now();
    let lastLookup = started;
    const timer = window.setInterval(() => {
      const now = Date.now();
      if (now - started > POLL_FOR_MS) return window.clearInterval(timer);
      const { revalidator, lookup } = live.current;
      // No notification yet after 10 seconds: the server asks the provider itself, every 10 seconds at most.
      if (now - lastLookup >= RETURN_LOOKUP_AFTER_MS && lookup.state === "idle") {
        lastLookup = now;
        lookup.submit({ intent: "check", js: "1" }, { method: "post" });
        return;
      }
      if (revalidator.state === "idle") revalidator.revalidate();
    }, POLL_MS);
    return () => window.clearInterval(timer);
  }, [waiting]);

  return (
    <InfoPage width="medium" title="Your payment">
      <div className="space-y-6" data-testid="payment-result" data-status={result.status}>
        {result.status === "succeeded" ? (
          <Alert tone="success">
            Payment received: {result.amount} for the {result.plan} plan.
            {result.periodEnd ? ` Your plan runs until ${result.periodEnd} and renews weekly.` : ""}
          </Alert>
        ) : result.status === "failed" && result.pastDue ? (
          <Alert tone="error" data-testid="declined-next-step">
            <div className="space-y-3">
              <p className="font-semibold">Your card was declined. Use another card.</p>
              <p>No payment was taken. Pay by {result.pastDue.deadline} to keep this listing public.</p>
              <Form method="post" action="/managesub">
                <input type="hidden" name="intent" value="useAnotherCard" />
                <input type="hidden" name="modelId" value={result.pastDue.modelId} />
                <Button type="submit" data-testid="declined-use-another-card">
                  Use another card
                </Button>
              </Form>
            </div>
          </Alert>
        ) : result.status === "failed" ? (
          <Alert tone="error">
            Your card was declined. No payment was taken and nothing about your listing has changed. You can try again
            with another card.
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
        )}
        <p className="flex flex-wrap gap-4">
          <Link to="/managesub" className="text-accent underline underline-offset-2">
            Your subscriptions and receipts
          </Link>
          {/* Not while it waits: a second plan chosen meanwhile would replace the checkout being paid. */}
          {result.status !== "succeeded" && !waiting && !result.pastDue ? (
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
