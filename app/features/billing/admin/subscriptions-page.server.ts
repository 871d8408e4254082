// The administrators' subscriptions page (/admin/subscriptions): what it loads and what its forms do. The
// route module only wires these up (docs/architecture.md: route modules thin).
import { data, redirect } from "@remix-run/cloudflare";
import type { AppLoadContext } from "@remix-run/cloudflare";
import { readAdminForm, requireAdminPage } from "~/features/accounts/guards.server";
import { askProviderNow, giveUpPayment, loadOpenPayments } from "~/features/payments/open-payments.server";
import { billingGateway } from "~/features/payments/select.server";
import { loadUnappliedPayments, markRefunded } from "~/features/payments/unapplied.server";
import { NO_STORE, noStore } from "~/platform/http/page-answer";
import { readFlash, setFlash } from "~/features/site/flash.server";
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
  const [{ rows, total, counts, all, failed }, open, stray, flash] = await Promise.all([
    loadAdminSubscriptions(context.cloudflare.env, query),
    loadOpenPayments(context.cloudflare.env),
    loadUnappliedPayments(context.cloudflare.env),
    // A grant's confirmation, after its redirect back here.
    readFlash(request, context.cloudflare.env),
  ]);
  // A page past the last (an old link, a hand-typed number) goes to the last, not to an empty table that
  // still says 'Page 99'.
  const last = pageCount(total);
  if (query.page > last) {
    const url = new URL(request.url);
    if (last === 1) url.searchParams.delete("page");
    else url.searchParams.set("page", String(last));
    throw redirect(`${url.pathname}${url.search}`, { headers: NO_STORE });
  }
  return data(
    {
      notice: flash.notice,
      query,
      total,
      counts,
      all,
      pages: last,
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
        // A listing that never had a subscription has no plan yet.
        plan: s.plan ? PLANS[s.plan].name : "None",
        label: statusLabel({
          status: s.status,
          pendingPlan: null,
          gift: s.gift ?? false,
          startsWhenPublic: s.startsWhenPublic ?? false,
        }),
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
    // no-store, and the Set-Cookie that spends a notice when there was one.
    { headers: flash.headers },
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
      ? await grantFreeWeeks(env, ctx, admin, listingId, form?.get("weeks"), form?.get("reason"))
      : intent === "grantFeatured"
        ? await grantFeatured(env, ctx, admin, listingId, form?.get("weeks"), form?.get("reason"))
        : intent === "revokeFeatured"
          ? await revokeFeatured(env, ctx, admin, listingId, form?.get("reason"))
          : ({ ok: false, status: 400, error: "Unknown action." } as const);
  if (!result.ok) return data({ error: result.error }, { status: result.status, headers: NO_STORE });
  // Said on the page it goes back to (the row shows the new dates), so the grant is not left unconfirmed.
  const done =
    intent === "grantWeeks" ? "weeksGranted" : intent === "grantFeatured" ? "featuredGranted" : "featuredRevoked";
  const headers = await setFlash(noStore(), env, done);
  throw redirect(new URL(request.url).pathname + new URL(request.url).search, { status: 303, headers });
}
