// What /admin/subscriptions shows: the search, filters and page from the URL's GET parameters (so a view can
// be linked and reloaded), and the one rule for a failed renewal that its counts, its table and the admin
// home all use.
import { PLAN_TIERS } from "~/core/plans";
import type { PlanTier } from "~/core/plans";
import { isSubscriptionStatus } from "./subscriptions";
import type { SubscriptionStatus } from "./subscriptions";

export const SUBSCRIPTIONS_PAGE_SIZE = 25;
/** Longer searches are cut: an e-mail address or a listing's name fits. */
export const SEARCH_MAX = 100;

/**
 * A failed renewal that is still waiting for its second attempt: the subscription is past due. This is what
 * "Failed renewals" counts and lists. It used to list failed renewal payments instead, which a past-due
 * subscription need not have (no stored card, or one seeded or migrated without its payment), so the section
 * said "None" over past-due rows.
 */
export const FAILED_RENEWAL_STATUS: SubscriptionStatus = "past_due";

export type SubscriptionQuery = {
  /** Part of the owner's e-mail address or of the listing's name ('' for none). */
  q: string;
  status: SubscriptionStatus | null;
  plan: PlanTier | null;
  /** 1-based. */
  page: number;
};

export function parseSubscriptionQuery(params: URLSearchParams): SubscriptionQuery {
  const q = (params.get("q") ?? "").trim().slice(0, SEARCH_MAX);
  const status = params.get("status");
  const plan = params.get("plan");
  const page = Number(params.get("page") ?? "1");
  return {
    q,
    status: isSubscriptionStatus(status) ? status : null,
    plan: (PLAN_TIERS as readonly string[]).includes(plan ?? "") ? (plan as PlanTier) : null,
    page: Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1,
  };
}

/** The URL of a view: only the parameters that differ from the default, so links stay short. */
export function subscriptionsHref(query: SubscriptionQuery, change: Partial<SubscriptionQuery> = {}): string {
  const next = { ...query, page: 1, ...change };
  const params = new URLSearchParams();
  if (next.q) params.set("q", next.q);
  if (next.status) params.set("status", next.status);
  if (next.plan) params.set("plan", next.plan);
  if (next.page > 1) params.set("page", String(next.page));
  const search = params.toString();
  return `/admin/subscriptions${search ? `?${search}` : ""}`;
}

export function pageCount(total: number): number {
  return Math.max(1, Math.ceil(total / SUBSCRIPTIONS_PAGE_SIZE));
}

/** The search as compared: case does not matter (SQLite's lower() folds ASCII only, so this does too). */
export function searchNeedle(text: string): string {
  return text.replace(/[A-Z]/g, (c) => c.toLowerCase());
}
