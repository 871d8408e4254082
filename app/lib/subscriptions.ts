// A listing's subscription (issue 15, docs/decisions/0015-subscriptions-and-billing.md): its states, its
// weekly periods and the money of an upgrade. Pure: the clock is an argument, so the unit tests drive every
// transition with a fake one. The server (app/server/subscriptions.server.ts) stores what these answer.
import { PLANS, type PlanTier } from "./plans";

export const SUBSCRIPTION_STATUSES = ["unpaid", "pending", "active", "past_due", "cancelling", "expired"] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

export const WEEK_MS = 7 * 24 * 60 * 60 * 1000;
/** A failed renewal leaves the listing public this long before a second attempt decides (issue 15). */
export const GRACE_MS = 24 * 60 * 60 * 1000;
/** The renewal reminder goes out this long before the period ends. */
export const REMINDER_MS = 24 * 60 * 60 * 1000;

export type Subscription = {
  plan: PlanTier;
  status: SubscriptionStatus;
  periodStart: number | null;
  periodEnd: number | null;
  /** Set while past due: when the second attempt is made, and failing it expires the subscription. */
  graceUntil: number | null;
  /** A Featured → Standard change waiting for the period's end. */
  pendingPlan: PlanTier | null;
};

export type SubscriptionEvent =
  | { type: "checkoutStarted"; plan: PlanTier }
  | { type: "checkoutFailed" }
  | { type: "paid"; plan: PlanTier }
  /** `plan`: what the renewal charged for (the plan of the next period when it was charged). */
  | { type: "renewalPaid"; plan?: PlanTier }
  | { type: "renewalFailed" }
  | { type: "periodEnded" }
  | { type: "cancel" }
  | { type: "resume" }
  | { type: "upgradePaid" }
  | { type: "downgrade" }
  | { type: "keepPlan" }
  | { type: "grantWeeks"; weeks: number };

export type Transition = { ok: true; next: Subscription } | { ok: false; error: string };

export const SUBSCRIPTION_MSG = {
  notActive: "This subscription is not active.",
  alreadyPaid: "This listing already has an active subscription.",
  notCancelling: "This subscription is not cancelled.",
  notStandard: "Only a Standard plan can be upgraded to Featured.",
  notFeatured: "Only a Featured plan can be changed to Standard.",
  noCheckout: "There is no checkout waiting for payment.",
  badWeeks: "Grant between 1 and 52 weeks.",
  notDue: "The period has not ended yet.",
} as const;

export const UNPAID: Subscription = {
  plan: "standard",
  status: "unpaid",
  periodStart: null,
  periodEnd: null,
  graceUntil: null,
  pendingPlan: null,
};

/** While public: the listing may be live (and is, if its owner and the moderators say so). */
export function isPaidStatus(status: SubscriptionStatus): boolean {
  return status === "active" || status === "past_due" || status === "cancelling";
}

/** The weekly charge a renewal takes: the plan that applies from the next period on. */
export function renewalPlan(sub: Subscription): PlanTier {
  return sub.pendingPlan ?? sub.plan;
}

function fresh(sub: Subscription, plan: PlanTier, start: number): Subscription {
  return {
    ...sub,
    plan,
    status: "active",
    periodStart: start,
    periodEnd: start + WEEK_MS,
    graceUntil: null,
    pendingPlan: null,
  };
}

/** The state machine: every allowed transition; anything else is refused with a reason. */
export function transition(sub: Subscription, event: SubscriptionEvent, now: number): Transition {
  const ok = (next: Subscription): Transition => ({ ok: true, next });
  const no = (error: string): Transition => ({ ok: false, error });
  switch (event.type) {
    case "checkoutStarted":
      if (isPaidStatus(sub.status)) return no(SUBSCRIPTION_MSG.alreadyPaid);
      return ok({ ...sub, plan: event.plan, status: "pending" });
    case "checkoutFailed":
      if (sub.status !== "pending") return no(SUBSCRIPTION_MSG.noCheckout);
      // Back where it was: never paid, or lapsed.
      return ok({ ...sub, status: sub.periodEnd === null ? "unpaid" : "expired" });
    case "paid":
      // A first payment (or one after expiry) starts a week now. Money that arrives while already paid (a
      // second checkout completed elsewhere) is not lost: it adds a week after the current one.
      if (isPaidStatus(sub.status) && sub.periodEnd !== null) {
        return ok({ ...sub, status: "active", periodEnd: sub.periodEnd + WEEK_MS, graceUntil: null });
      }
      return ok(fresh(sub, event.plan, now));
    case "renewalPaid": {
      const plan = event.plan ?? renewalPlan(sub);
      // Paid late, after expiry: the listing was hidden meanwhile, so the new week starts now.
      if (sub.status === "expired" || sub.periodEnd === null) return ok(fresh(sub, plan, now));
      if (sub.status !== "active" && sub.status !== "past_due") return no(SUBSCRIPTION_MSG.notActive);
      return ok(fresh(sub, plan, sub.periodEnd));
    }
    case "renewalFailed":
      if (sub.status === "active") return ok({ ...sub, status: "past_due", graceUntil: now + GRACE_MS });
      if (sub.status === "past_due") {
        if (sub.graceUntil !== null && now < sub.graceUntil) return ok(sub);
        return ok({ ...sub, status: "expired", graceUntil: null, pendingPlan: null });
      }
      return no(SUBSCRIPTION_MSG.notActive);
    case "periodEnded":
      if (sub.periodEnd === null || now < sub.periodEnd) return no(SUBSCRIPTION_MSG.notDue);
      if (sub.status === "cancelling") return ok({ ...sub, status: "expired", pendingPlan: null });
      return no(SUBSCRIPTION_MSG.notActive);
    case "cancel":
      if (sub.status !== "active" && sub.status !== "past_due") return no(SUBSCRIPTION_MSG.notActive);
      return ok({ ...sub, status: "cancelling", graceUntil: null });
    case "resume":
      if (sub.status !== "cancelling") return no(SUBSCRIPTION_MSG.notCancelling);
      return ok({ ...sub, status: "active" });
    case "upgradePaid":
      if (!isPaidStatus(sub.status)) return no(SUBSCRIPTION_MSG.notActive);
      if (sub.plan !== "standard") return no(SUBSCRIPTION_MSG.notStandard);
      return ok({ ...sub, plan: "featured", pendingPlan: null });
    case "downgrade":
      if (!isPaidStatus(sub.status)) return no(SUBSCRIPTION_MSG.notActive);
      if (sub.plan !== "featured") return no(SUBSCRIPTION_MSG.notFeatured);
      return ok({ ...sub, pendingPlan: "standard" });
    case "keepPlan":
      return ok({ ...sub, pendingPlan: null });
    case "grantWeeks": {
      if (!Number.isInteger(event.weeks) || event.weeks < 1 || event.weeks > 52) return no(SUBSCRIPTION_MSG.badWeeks);
      const span = event.weeks * WEEK_MS;
      if (isPaidStatus(sub.status) && sub.periodEnd !== null) {
        const status = sub.status === "past_due" ? "active" : sub.status;
        return ok({ ...sub, status, periodEnd: Math.max(sub.periodEnd, now) + span, graceUntil: null });
      }
      return ok({ ...fresh(sub, sub.plan, now), periodEnd: now + span });
    }
  }
}

/** What the cron does with a subscription at `now` (app/server/renewals.server.ts). */
export type DueAction = "none" | "remind" | "charge" | "retry" | "end";

export function dueAction(sub: Subscription, remindedFor: number | null, now: number): DueAction {
  if (sub.periodEnd === null) return "none";
  if (sub.status === "cancelling") return now >= sub.periodEnd ? "end" : "none";
  if (sub.status === "past_due") return sub.graceUntil !== null && now >= sub.graceUntil ? "retry" : "none";
  if (sub.status !== "active") return "none";
  if (now >= sub.periodEnd) return "charge";
  if (now >= sub.periodEnd - REMINDER_MS && remindedFor !== sub.periodEnd) return "remind";
  return "none";
}

/**
 * Standard → Featured mid-period: the price difference for the part of the period still to run, rounded to
 * the nearest cent (halves up). Integer arithmetic: cents × milliseconds stays far below 2^53.
 */
export function prorationCents(sub: Pick<Subscription, "periodStart" | "periodEnd">, now: number): number {
  if (sub.periodStart === null || sub.periodEnd === null) return 0;
  const length = sub.periodEnd - sub.periodStart;
  const left = Math.min(Math.max(sub.periodEnd - now, 0), length);
  if (length <= 0 || left === 0) return 0;
  const difference = PLANS.featured.priceCents - PLANS.standard.priceCents;
  return Math.floor((difference * left * 2 + length) / (2 * length));
}

/** The owner-facing name of a status. */
export function statusLabel(sub: Pick<Subscription, "status" | "pendingPlan">): string {
  switch (sub.status) {
    case "unpaid":
      return "Unpaid";
    case "pending":
      return "Payment processing…";
    case "active":
      return sub.pendingPlan ? `Active (changes to ${PLANS[sub.pendingPlan].name} at renewal)` : "Active";
    case "past_due":
      return "Past due: payment failed";
    case "cancelling":
      return "Cancelled: ends at the end of the period";
    case "expired":
      return "Expired";
  }
}

/** The owner's badge of a listing hidden because its subscription ran out (issue 15). */
export const EXPIRED_BADGE = "Hidden - Subscription expired";

export function isSubscriptionStatus(value: unknown): value is SubscriptionStatus {
  return typeof value === "string" && (SUBSCRIPTION_STATUSES as readonly string[]).includes(value);
}
