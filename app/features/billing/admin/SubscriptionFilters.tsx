// /admin/subscriptions: the search (GET, so a view can be linked), the status filter with counts, and the
// pager, each keeping the others.
import { Form, Link } from "@remix-run/react";
import { Button } from "~/ui/Button";
import { SEARCH_MAX, subscriptionsHref } from "../admin-subscriptions";
import type { SubscriptionQuery } from "../admin-subscriptions";
import { PLAN_TIERS, PLANS } from "~/core/plans";
import { statusLabel, SUBSCRIPTION_STATUSES } from "../subscriptions";
import type { SubscriptionStatus } from "../subscriptions";

export type Counts = Record<SubscriptionStatus, number>;

/** Search (GET, so a view can be linked), then status with counts, then plan. */
export function SubscriptionFilters({
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
      <SearchForm query={query} />
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
        {total === 1 ? "1 listing" : `${total} listings`}
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
export function Pager({ query, pages }: { query: SubscriptionQuery; pages: number }) {
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

/** By e-mail or listing name, and plan; the status chosen stays. */
function SearchForm({ query }: { query: SubscriptionQuery }) {
  return (
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
  );
}
