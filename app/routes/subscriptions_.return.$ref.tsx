// Back from the payment provider. Only the provider's verified notification (or its own answer to
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
import { Link, useLoaderData, useLocation } from "@remix-run/react";
import { InfoPage } from "~/features/site/InfoPage";
import { PaymentOutcome } from "~/features/billing/return-page/PaymentOutcome";
import { useReturnPolling } from "~/features/billing/return-page/useReturnPolling";
import { formatNzDate, formatNzDeadline } from "~/platform/time/date-text";
import { formatDollarsAndCents } from "~/platform/money";
import { PLANS } from "~/features/billing/plans";
import { requireUser } from "~/features/accounts/guards.server";
import { ownPayment } from "~/features/billing/billing.server";
import { readForm } from "~/platform/http/body.server";
import { checkOwnPayment } from "~/features/payments/lookups.server";
import { billingGateway } from "~/features/payments/select.server";
import { siteOrigin } from "~/platform/http/site-origin.server";
import { readSubscription } from "~/features/billing/subscriptions.server";
import { NO_STORE, pipeHeaders } from "~/platform/http/page-answer";
import { privateMeta } from "~/features/site/seo";

export const meta: MetaFunction = () => privateMeta("Payment");
export const headers = pipeHeaders;

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const env = context.cloudflare.env;
  const user = await requireUser(request, context);
  const payment = params.ref ? await ownPayment(env, user.id, params.ref) : null;
  // Someone else's payment, or a made-up reference: nothing to see.
  if (!payment) throw data("Not found", { status: 404, headers: NO_STORE });
  const sub = payment.status !== "open" && payment.listingId ? await readSubscription(env, payment.listingId) : null;
  // Declined while the listing is past due: the next step is another card, before the deadline.
  const pastDue =
    payment.status === "failed" && sub?.status === "past_due" && sub.graceUntil !== null
      ? { modelId: sub.listingId, deadline: formatNzDeadline(sub.graceUntil) }
      : null;
  return data(
    {
      status: payment.status,
      kind: payment.kind,
      plan: PLANS[payment.plan].name,
      tier: payment.plan,
      amount: formatDollarsAndCents(payment.amountCents),
      cancelled: new URL(request.url).searchParams.get("cancelled") === "1",
      periodEnd: payment.status === "succeeded" && sub?.periodEnd ? formatNzDate(sub.periodEnd) : null,
      pastDue,
    },
    { headers: NO_STORE },
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
    return data({ error: "Unknown action." }, { status: 400, headers: NO_STORE });
  }
  const origin = siteOrigin(env, request);
  const gateway = billingGateway(env, ctx, origin);
  const result = gateway
    ? await checkOwnPayment(env, ctx, gateway, user.id, params.ref, origin)
    : ({ ok: true, outcome: "unknown" } as const);
  if (!result.ok) throw data("Not found", { status: 404, headers: NO_STORE });
  if (form.get("js") === "1") return data({ outcome: result.outcome }, { headers: NO_STORE });
  const url = new URL(request.url);
  throw redirect(url.pathname + url.search, { status: 303, headers: NO_STORE });
}

export default function PaymentReturn() {
  const result = useLoaderData<typeof loader>();
  const waiting = result.status === "open" && !result.cancelled;
  const { pathname, search } = useLocation();
  const pageHref = pathname + search;
  useReturnPolling(waiting);

  return (
    <InfoPage width="medium" title="Your payment">
      <div className="space-y-6" data-testid="payment-result" data-status={result.status}>
        <PaymentOutcome result={result} pageHref={pageHref} />
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
