// The payment return page (/subscriptions/return/:ref): what it loads and what its "Check again" does. The
// route module only wires these up (docs/architecture.md: route modules thin).
import { data, redirect } from "@remix-run/cloudflare";
import type { AppLoadContext } from "@remix-run/cloudflare";
import { requireUser } from "~/features/accounts/guards.server";
import { checkOwnPayment } from "~/features/payments/lookups.server";
import { billingGateway } from "~/features/payments/select.server";
import { readForm } from "~/platform/http/body.server";
import { NO_STORE } from "~/platform/http/page-answer";
import { siteOrigin } from "~/platform/http/site-origin.server";
import { formatDollarsAndCents } from "~/platform/money";
import { formatNzDate, formatNzDeadline } from "~/platform/time/date-text";
import { listingPublicStatus, ownPayment } from "../billing.server";
import { PLANS } from "~/core/plans";
import { readSubscription } from "../subscriptions.server";

export async function paymentReturnPage(request: Request, ref: string | undefined, context: AppLoadContext) {
  const env = context.cloudflare.env;
  const user = await requireUser(request, context);
  const payment = ref ? await ownPayment(env, user.id, ref) : null;
  // Someone else's payment, or a made-up reference: nothing to see.
  if (!payment) throw data("Not found", { status: 404, headers: NO_STORE });
  const sub = payment.status !== "open" && payment.listingId ? await readSubscription(env, payment.listingId) : null;
  // Declined while the listing is past due: the next step is another card, before the deadline.
  const pastDue =
    payment.status === "failed" && sub?.status === "past_due" && sub.graceUntil !== null
      ? { listingId: sub.listingId, deadline: formatNzDeadline(sub.graceUntil) }
      : null;
  // Paid: whether the listing is public yet and what it still needs; a week that waits for it has no end yet.
  const listing =
    payment.status === "succeeded" && payment.listingId ? await listingPublicStatus(env, payment.listingId) : null;
  return data(
    {
      status: payment.status,
      kind: payment.kind,
      plan: PLANS[payment.plan].name,
      tier: payment.plan,
      amount: formatDollarsAndCents(payment.amountCents),
      cancelled: new URL(request.url).searchParams.get("cancelled") === "1",
      periodEnd:
        payment.status === "succeeded" && sub?.periodEnd && !sub.startsWhenPublic ? formatNzDate(sub.periodEnd) : null,
      listing,
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
export async function paymentReturnAction(request: Request, ref: string | undefined, context: AppLoadContext) {
  const { env, ctx } = context.cloudflare;
  const user = await requireUser(request, context);
  const form = await readForm(request);
  if (form?.get("intent") !== "check") {
    return data({ error: "Unknown action." }, { status: 400, headers: NO_STORE });
  }
  const origin = siteOrigin(env, request);
  const gateway = billingGateway(env, ctx, origin);
  const result = gateway
    ? await checkOwnPayment(env, ctx, gateway, user.id, ref, origin)
    : ({ ok: true, outcome: "unknown" } as const);
  if (!result.ok) throw data("Not found", { status: 404, headers: NO_STORE });
  if (form.get("js") === "1") return data({ outcome: result.outcome }, { headers: NO_STORE });
  const url = new URL(request.url);
  throw redirect(url.pathname + url.search, { status: 303, headers: NO_STORE });
}
