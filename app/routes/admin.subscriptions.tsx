// Subscriptions for administrators (issue 15): filter by status, see failed renewals, grant free weeks, grant
// or revoke Featured for some weeks with a reason (each audited), and settle payments left open for more than
// two hours: ask the provider now, or give up (closed without a charge, with a reason, audited; decision 0015
// "Looking a payment up"). Non-administrators get 404; an administrator without a second factor is sent to set
// one up (requireAdminPage).
import {
  data,
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import type { InputHTMLAttributes } from "react";
import { AdminPage } from "~/features/moderation/AdminPage";
import { Alert } from "~/ui/Alert";
import { Button } from "~/ui/Button";
import {
  pageCount,
  parseSubscriptionQuery,
  SEARCH_MAX,
  subscriptionsHref,
  type SubscriptionQuery,
} from "~/features/billing/admin-subscriptions";
import { formatPlanPrice, PLAN_TIERS, PLANS } from "~/features/billing/plans";
import { statusLabel, SUBSCRIPTION_STATUSES, type SubscriptionStatus } from "~/features/billing/subscriptions";
import { grantFreeWeeks, loadAdminSubscriptions } from "~/features/billing/billing-admin.server";
import { grantFeatured, revokeFeatured } from "~/features/billing/featured-grants.server";
import { readForm } from "~/platform/http/body.server";
import { formatNzDate, formatNzTime } from "~/platform/time/date-text";
import { requireAdminPage } from "~/features/moderation/moderation.server";
import { askProviderNow, giveUpPayment, loadOpenPayments } from "~/features/payments/lookups.server";
import { billingGateway } from "~/features/payments/select.server";
import { loadUnappliedPayments, markRefunded } from "~/features/payments/unapplied.server";
import { siteOrigin } from "~/platform/http/site-origin.server";
import { NO_STORE, pipeHeaders } from "~/platform/http/page-answer";
import { privateMeta } from "~/features/site/seo";

export const meta: MetaFunction = () => privateMeta("Subscriptions");
export const headers = pipeHeaders;

export async function loader({ request, context }: LoaderFunctionArgs) {
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
        amount: formatPlanPrice(r.amountCents),
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
        amount: formatPlanPrice(o.amountCents),
        openedAt: formatNzTime(o.createdAt),
        checkedAt: o.checkedAt ? formatNzTime(o.checkedAt) : "Never",
      })),
      subscriptions: rows.map((s) => ({
        ...s,
        plan: PLANS[s.plan].name,
        label: statusLabel({ status: s.status, pendingPlan: null, gift: s.gift }),
        ends: s.periodEnd ? formatNzDate(s.periodEnd) : "",
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

export async function action({ request, context }: ActionFunctionArgs) {
  const { env, ctx } = context.cloudflare;
  const admin = await requireAdminPage(request, context);
  const form = await readForm(request);
  const intent = form?.get("intent");
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

const CELL = "px-3 py-2";

export default function AdminSubscriptions() {
  const { query, total, counts, all, pages, subscriptions, failed, open, stray } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <AdminPage
      title="Subscriptions"
      lead="Every listing's plan, by status and plan, searchable by e-mail or listing name; failed renewals; free weeks; Featured granted without the plan."
    >
      <div className="space-y-8">
        {actionData && "error" in actionData ? (
          <Alert tone="error" reveal={actionData}>
            {actionData.error}
          </Alert>
        ) : null}
        {actionData && "message" in actionData ? (
          <Alert tone="success" reveal={actionData}>
            {actionData.message}
          </Alert>
        ) : null}
        <SubscriptionFilters query={query} counts={counts} all={all} total={total} />
        <div className="relative overflow-x-auto rounded-2xl border border-line">
          <table className="w-full min-w-[44rem] text-left text-sm" data-testid="subscriptions-table">
            <caption className="sr-only">Subscriptions</caption>
            <thead className="bg-panel text-muted">
              <tr>
                <th scope="col" className={CELL}>
                  Listing
                </th>
                <th scope="col" className={CELL}>
                  Plan
                </th>
                <th scope="col" className={CELL}>
                  Status
                </th>
                <th scope="col" className={CELL}>
                  Period ends
                </th>
                <th scope="col" className={CELL}>
                  Failed renewals
                </th>
                <th scope="col" className={CELL}>
                  Free weeks
                </th>
                <th scope="col" className={CELL}>
                  Featured grant
                </th>
              </tr>
            </thead>
            <tbody>
              {subscriptions.map((s) => (
                <tr key={s.listingId} className="border-t border-line" data-testid="subscription-row">
                  <td className={CELL}>
                    <Link to={`/profile/${s.listingId}`} className="text-accent underline">
                      {s.name}
                    </Link>
                    <span className="block break-all text-xs text-muted">{s.email}</span>
                  </td>
                  <td className={CELL}>{s.plan}</td>
                  <td className={CELL}>{s.label}</td>
                  <td className={CELL}>{s.ends}</td>
                  <td className={CELL}>{s.failedRenewals}</td>
                  <td className={CELL}>
                    <Form method="post" className="flex items-center gap-2">
                      <input type="hidden" name="intent" value="grantWeeks" />
                      <input type="hidden" name="listingId" value={s.listingId} />
                      <WeeksField id={`weeks-${s.listingId}`} label={`Free weeks for ${s.name}`} />
                      <Button type="submit" variant="secondary">
                        Grant
                      </Button>
                    </Form>
                  </td>
                  <td className={CELL}>
                    <FeaturedGrant listingId={s.listingId} name={s.name} grantEnds={s.grantEnds} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        {subscriptions.length === 0 ? (
          <p className="text-muted" data-testid="subscriptions-empty">
            No subscriptions match.
          </p>
        ) : null}
        <Pager query={query} pages={pages} />
        <section aria-labelledby="failed-title" className="space-y-3">
          <h2 id="failed-title" className="text-xl font-semibold">
            Failed renewals{failed.length ? ` (${failed.length})` : ""}
          </h2>
          <p className="text-muted">Past due: the renewal was refused, and the second attempt is still to come.</p>
          {failed.length === 0 ? (
            <p className="text-muted">None.</p>
          ) : (
            <ul className="space-y-2" data-testid="failed-renewals">
              {failed.map((f) => (
                <li key={f.listingId} className="break-words">
                  <Link to={`/profile/${f.listingId}`} className="text-accent underline">
                    {f.name}
                  </Link>{" "}
                  <span className="text-muted">({f.email})</span>, {f.plan}: {f.failedRenewals} failed
                  {f.retry ? `, second attempt ${f.retry}` : ""}
                </li>
              ))}
            </ul>
          )}
        </section>
        <OpenPayments open={open} />
        <StrayPayments stray={stray} />
      </div>
    </AdminPage>
  );
}

type Counts = Record<SubscriptionStatus, number>;

/** Search (GET, so a view can be linked), then status with counts, then plan. */
function SubscriptionFilters({
  query,
  counts,
  all,
  total,
}: {
  query: SubscriptionQuery;
  counts: Counts;
  all: number;
  total: number;
}) {
  const chip =
    "inline-flex min-h-11 items-center rounded-lg border border-line px-3 aria-[current=page]:border-accent aria-[current=page]:bg-accent aria-[current=page]:text-ink";
  return (
    <div className="space-y-3">
      <Form method="get" role="search" className="flex flex-wrap items-end gap-2" data-testid="subscriptions-search">
        <label className="flex min-w-0 flex-1 basis-56 flex-col gap-1 text-sm">
          <span>E-mail or listing name</span>
          <input
            type="search"
            name="q"
            defaultValue={query.q}
            maxLength={SEARCH_MAX}
            className="min-h-11 w-full rounded-lg border border-line bg-ink px-3"
          />
        </label>
        <label className="flex flex-col gap-1 text-sm">
          <span>Plan</span>
          <select
            name="plan"
            defaultValue={query.plan ?? ""}
            className="min-h-11 rounded-lg border border-line bg-ink px-3"
          >
            <option value="">All plans</option>
            {PLAN_TIERS.map((t) => (
              <option key={t} value={t}>
                {PLANS[t].name}
              </option>
            ))}
          </select>
        </label>
        {query.status ? <input type="hidden" name="status" value={query.status} /> : null}
        <Button type="submit" variant="secondary">
          Search
        </Button>
      </Form>
      <nav aria-label="Filter by status" className="flex flex-wrap gap-2">
        <Link
          to={subscriptionsHref(query, { status: null })}
          className={chip}
          aria-current={query.status ? undefined : "page"}
        >
          All ({all})
        </Link>
        {SUBSCRIPTION_STATUSES.map((st) => (
          <Link
            key={st}
            to={subscriptionsHref(query, { status: st })}
            className={chip}
            aria-current={query.status === st ? "page" : undefined}
            data-testid={`status-${st}`}
          >
            {statusLabel({ status: st, pendingPlan: null })} ({counts[st]})
          </Link>
        ))}
      </nav>
      <p className="text-sm text-muted" role="status" data-testid="subscriptions-total">
        {total === 1 ? "1 subscription" : `${total} subscriptions`}
        {query.q ? ` matching “${query.q}”` : ""}
        {query.q || query.plan || query.status ? (
          <>
            {" "}
            <Link to="/admin/subscriptions" className="text-accent underline">
              Clear
            </Link>
          </>
        ) : null}
      </p>
    </div>
  );
}

/** Server-side pages: Previous and Next keep the search and filters. */
function Pager({ query, pages }: { query: SubscriptionQuery; pages: number }) {
  if (pages <= 1) return null;
  const link = "inline-flex min-h-11 items-center rounded-lg border border-line px-4 hover:bg-panel";
  return (
    <nav aria-label="Pages" className="flex flex-wrap items-center gap-3" data-testid="subscriptions-pager">
      {query.page > 1 ? (
        <Link to={subscriptionsHref(query, { page: query.page - 1 })} className={link} rel="prev">
          Previous
        </Link>
      ) : null}
      <span className="text-sm text-muted">
        Page {Math.min(query.page, pages)} of {pages}
      </span>
      {query.page < pages ? (
        <Link to={subscriptionsHref(query, { page: query.page + 1 })} className={link} rel="next">
          Next
        </Link>
      ) : null}
    </nav>
  );
}

type OpenPayment = {
  reference: string;
  name: string;
  email: string;
  kind: string;
  amount: string;
  openedAt: string;
  checkedAt: string;
};

/** Payments open for more than two hours: a lost notification or a charge whose answer never came. */
function OpenPayments({ open }: { open: OpenPayment[] }) {
  return (
    <section aria-labelledby="open-title" className="space-y-3">
      <h2 id="open-title" className="text-xl font-semibold">
        Payments left open
      </h2>
      <p className="text-muted">
        Open for more than two hours. Ask the provider settles it if the provider has decided. Give up closes it as
        failed with no charge recorded (only once you are sure nothing was charged), so the listing can change plan
        again.
      </p>
      {open.length === 0 ? (
        <p className="text-muted">None.</p>
      ) : (
        <div className="relative overflow-x-auto rounded-2xl border border-line">
          <table className="w-full min-w-[44rem] text-left text-sm" data-testid="open-payments">
            <caption className="sr-only">Payments left open</caption>
            <thead className="bg-panel text-muted">
              <tr>
                {["Listing", "Owner", "Amount", "Kind", "Opened", "Last checked", "Actions"].map((h) => (
                  <th key={h} scope="col" className={CELL}>
                    {h}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {open.map((o) => (
                <tr key={o.reference} className="border-t border-line" data-testid="open-payment-row">
                  <td className={CELL}>{o.name}</td>
                  <td className={CELL}>{o.email}</td>
                  <td className={CELL}>{o.amount}</td>
                  <td className={CELL}>{o.kind}</td>
                  <td className={CELL}>{o.openedAt}</td>
                  <td className={CELL}>{o.checkedAt}</td>
                  <td className={`${CELL} space-y-2`}>
                    <Form method="post">
                      <input type="hidden" name="intent" value="askProvider" />
                      <input type="hidden" name="paymentId" value={o.reference} />
                      <Button type="submit" variant="secondary">
                        Ask the provider now
                      </Button>
                    </Form>
                    <Form method="post" className="flex flex-wrap items-center gap-2">
                      <input type="hidden" name="intent" value="giveUpPayment" />
                      <input type="hidden" name="paymentId" value={o.reference} />
                      <ReasonField id={`give-up-reason-${o.reference}`} label={`Reason for giving up ${o.reference}`} />
                      <Button type="submit" variant="danger">
                        Give up
                      </Button>
                    </Form>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

const REFUND_STATE_LABEL = {
  due: "Refund to send",
  sending: "Refund being sent",
  pending: "Refund sent, the provider has not decided",
  refunded: "Refunded",
  manual: "The provider refused the refund: refund it in its portal",
} as const;

type StrayPayment = {
  id: string;
  reference: string;
  name: string;
  email: string;
  amount: string;
  reason: string;
  state: string;
  done: boolean;
  note: string;
  receivedAt: string;
};

/** Money that bought nothing (payments/unapplied.server.ts): refunded by the cron, listed until it is. */
function StrayPayments({ stray }: { stray: StrayPayment[] }) {
  return (
    <section aria-labelledby="stray-title" className="space-y-3">
      <h2 id="stray-title" className="text-xl font-semibold">
        Payments that bought nothing
      </h2>
      <p className="text-muted">
        Paid after the checkout was replaced or closed, paid twice, or for a listing that could not take it. Never
        applied as a purchase: each is refunded through the payment provider. One the provider refused is yours to
        refund in its portal; then mark it refunded.
      </p>
      {stray.length === 0 ? (
        <p className="text-muted">None.</p>
      ) : (
        // Cards rather than a table: each has a form, and a phone shows them without scrolling sideways.
        <ul className="grid gap-3 lg:grid-cols-2" data-testid="stray-payments">
          {stray.map((r) => (
            <li key={r.id} className="space-y-3 rounded-2xl border border-line p-4" data-testid="stray-payment-row">
              <p className="font-semibold">
                {r.amount} from {r.name} <span className="font-normal text-muted">({r.email})</span>
              </p>
              <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
                <dt className="text-muted">Why</dt>
                <dd>{r.reason}</dd>
                <dt className="text-muted">Received</dt>
                <dd>{r.receivedAt}</dd>
                <dt className="text-muted">Refund</dt>
                <dd>
                  {r.state}
                  {r.note ? <span className="block text-muted">{r.note}</span> : null}
                </dd>
                <dt className="text-muted">Payment</dt>
                <dd className="break-all">{r.reference}</dd>
              </dl>
              {r.done ? null : (
                <Form method="post" className="flex flex-wrap items-end gap-2">
                  <input type="hidden" name="intent" value="markRefunded" />
                  <input type="hidden" name="id" value={r.id} />
                  <ReasonField id={`refund-reason-${r.id}`} label={`How ${r.reference} was refunded`} />
                  <Button type="submit" variant="secondary">
                    Mark refunded
                  </Button>
                </Form>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** Grant Featured for some weeks, or revoke a grant: both need a reason, which goes on the audit log. */
function FeaturedGrant({ listingId, name, grantEnds }: { listingId: string; name: string; grantEnds: string | null }) {
  return (
    <div className="space-y-2" data-testid="featured-grant">
      {grantEnds ? <p>Featured until {grantEnds}</p> : null}
      <Form method="post" className="flex flex-wrap items-center gap-2">
        <input type="hidden" name="intent" value="grantFeatured" />
        <input type="hidden" name="listingId" value={listingId} />
        <WeeksField id={`featured-weeks-${listingId}`} label={`Weeks of Featured for ${name}`} />
        <ReasonField id={`featured-reason-${listingId}`} label={`Reason for granting Featured to ${name}`} />
        <Button type="submit" variant="secondary">
          Grant Featured
        </Button>
      </Form>
      {grantEnds ? (
        <Form method="post" className="flex flex-wrap items-center gap-2">
          <input type="hidden" name="intent" value="revokeFeatured" />
          <input type="hidden" name="listingId" value={listingId} />
          <ReasonField id={`revoke-reason-${listingId}`} label={`Reason for revoking Featured from ${name}`} />
          <Button type="submit" variant="danger">
            Revoke Featured
          </Button>
        </Form>
      ) : null}
    </div>
  );
}

/** Why, for the audit log. */
function ReasonField({ id, label }: { id: string; label: string }) {
  return (
    <LabelledInput
      id={id}
      label={label}
      name="reason"
      required
      maxLength={200}
      placeholder="Reason"
      className="w-full rounded border border-line bg-ink px-2 py-1"
    />
  );
}

/** 1 to 52 weeks, for free weeks and for Featured. */
function WeeksField({ id, label }: { id: string; label: string }) {
  return (
    <LabelledInput
      id={id}
      label={label}
      name="weeks"
      type="number"
      min={1}
      max={52}
      defaultValue={1}
      className="w-16 rounded border border-line bg-ink px-2 py-1"
    />
  );
}

/** A table cell's input: its label is for screen readers, the column heading says it to everyone else. */
function LabelledInput({ id, label, ...input }: { id: string; label: string } & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <>
      <label className="sr-only" htmlFor={id}>
        {label}
      </label>
      <input id={id} {...input} />
    </>
  );
}
