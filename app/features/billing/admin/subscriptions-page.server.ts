// The administrators' subscriptions page (/admin/subscriptions): what it loads and what its forms do. The
// route module only wires these up (docs/architecture.md: route modules thin).
import { data, redirect } from "@remix-run/cloudflare";
import type { AppLoadContext } from "@remix-run/cloudflare";
import { readAdminForm, requireAdminPage } from "~/features/accounts/guards.server";
import { askProviderNow, giveUpPayment, loadOpenPayments } from "~/features/payments/open-payments.server";
import { billingGateway } from "~/features/payments/select.server";
import { loadUnappliedPayments, markRefunded } from "~/features/payments/unapplied.server";
import { NO_STORE } from "~/platform/http/page-answer";
import { siteOrigin } from "~/platform/http/site-origin.server";
import { formatDollarsAndCents } from "~/platform/money";
import { formatNzDate, formatNzTime } from "~/platform/time/date-text";
import { pageCount, parseSubscriptionQuery } from "../admin-subscriptions";
import { grantFreeWeeks, loadAdminSubscriptions } from "../billing-admin.server";
import { grantFeatured, revokeFeatured } from "../featured-grants.server";
import { PLANS } from "~/core/plans";
import { statusLabel } from "../subscriptions";
import { REFUND_STATE_LABEL } from "./PaymentsToSettle";

export async function adminSubscriptionsPage(request: Request, context: AppLoadContext) {
  await requireAdminPage(request, context);
  const query = parseSubscriptionQuery(new URL(request.url).searchParams);
  const [{ rows, total, counts, all, failed }, open, stray] = await Promise.all([
    loadAdminSubscriptions(context.cloudflare.env, query),
    loadOpenPayments(context.cloudflare.env),
    loadUnappliedPayments(context.cloudflare.env),
  ]);
  return data(
    {
      query,
      total,
      counts,
      all,
      pages: pageCount(total),
      stray: stray.map((r) => ({
        id: r.id,
        reference: r.reference,
        name: r.name ?? "(deleted listing)",
        email: r.email ?? "(deleted account)",
        amount: formatDollarsAndCents(r.amountCents),
        reason: r.reason,
        state: REFUND_STATE_LABEL[r.refundState],
        done: r.refundState === "refunded",
        note: r.refundNote ?? "",
        receivedAt: formatNzTime(r.receivedAt),
      })),
      open: open.map((o) => ({
        reference: o.reference,
        name: o.name ?? "(deleted listing)",
        email: o.email ?? "(deleted account)",
        kind: o.kind,
        amount: formatDollarsAndCents(o.amountCents),
        openedAt: formatNzTime(o.createdAt),
        checkedAt: o.checkedAt ? formatNzTime(o.checkedAt) : "Never",
      })),
      subscriptions: rows.map((s) => ({
        ...s,
        plan: PLANS[s.plan].name,
        label: statusLabel({ status: s.status, pendingPlan: null, gift: s.gift, startsWhenPublic: s.startsWhenPublic }),
        // A period waiting for its listing to be public has no end yet.
        ends: s.periodEnd && !s.startsWhenPublic ? formatNzDate(s.periodEnd) : "",
        grantEnds: s.featuredUntil ? formatNzDate(s.featuredUntil) : null,
      })),
      failed: failed.map((f) => ({
        ...f,
        plan: PLANS[f.plan].name,
        retry: f.graceUntil ? formatNzTime(f.graceUntil) : null,
      })),
    },
    { headers: NO_STORE },
  );
}

export async function adminSubscriptionsAction(request: Request, context: AppLoadContext) {
  const { env, ctx } = context.cloudflare;
  const { admin, form, intent } = await readAdminForm(request, context);
  const listingId = form?.get("listingId");
  if (intent === "markRefunded") {
    const marked = await markRefunded(env, admin, form?.get("id"), form?.get("reason"));
    if (!marked.ok) return data({ error: marked.error }, { status: marked.status, headers: NO_STORE });
    return data({ message: marked.message }, { headers: NO_STORE });
  }
  if (intent === "askProvider" || intent === "giveUpPayment") {
    const gateway = billingGateway(env, ctx, siteOrigin(env, request));
    const paid =
      intent === "giveUpPayment"
        ? await giveUpPayment(env, ctx, admin, form?.get("paymentId"), form?.get("reason"))
        : gateway
          ? await askProviderNow(env, ctx, gateway, admin, form?.get("paymentId"), siteOrigin(env, request))
          : ({ ok: false, status: 409, error: "No payment provider is configured." } as const);
    if (!paid.ok) return data({ error: paid.error }, { status: paid.status, headers: NO_STORE });
    return data({ message: paid.message }, { headers: NO_STORE });
  }
  const result =
    intent === "grantWeeks"
      ? await grantFreeWeeks(env, ctx, admin, listingId, form?.get("weeks"))
      : intent === "grantFeatured"
        ? await grantFeatured(env, ctx, admin, listingId, form?.get("weeks"), form?.get("reason"))
        : intent === "revokeFeatured"
          ? await revokeFeatured(env, ctx, admin, listingId, form?.get("reason"))
          : ({ ok: false, status: 400, error: "Unknown action." } as const);
  if (!result.ok) return data({ error: result.error }, { status: result.status, headers: NO_STORE });
  throw redirect(new URL(request.url).pathname + new URL(request.url).search, { status: 303, headers: NO_STORE });
}
