// A listing's subscription (docs/decisions/0015-subscriptions-and-billing.md): its states, its
// weekly periods and the money of an upgrade. Pure: the clock is an argument, so the unit tests drive every
// transition with a fake one. The server (app/features/billing/subscriptions.server.ts) stores what these answer.
import { PLANS } from "~/core/plans";
import type { PlanTier } from "~/core/plans";

export const SUBSCRIPTION_STATUSES = ["unpaid", "pending", "active", "past_due", "cancelling", "expired"] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

export const WEEK_MS = 7 * 24 * 60 * 60 * 1000;
/** A failed renewal leaves the listing public this long before a second attempt decides (docs/billing.md). */
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
  /**
   * Free weeks an administrator gave to a listing nobody pays for (no plan, or no card to renew it): the
   * period ends quietly at its end, as a cancelled one does (status `cancelling`), with no charge and no
   * renewal mail, and the owner is offered a checkout instead of 'Resume' (decision 0015, "Free weeks").
   */
  gift: boolean;
  /**
   * The period was bought (or given) while the listing was hidden: it has not started, and starts when the
   * listing is first public, with the time it waited added back (decision 0050). Until then nothing renews,
   * reminds or ends it. Cleared by the database the moment `live` turns on (migration 0063).
   */
  startsWhenPublic: boolean;
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
  /** `hasCard`: a card is stored that a renewal could charge (the server's `methodRef`). */
  | { type: "grantWeeks"; weeks: number; hasCard: boolean }
  /**
   * The listing became public. A period waiting for that starts now, with the time it waited added back.
   * The server never sends it: the database does the same the moment `live` turns on (migration 0063), which
   * tests/workers/paid-week-starts-when-public.test.ts holds to this.
   */
  | { type: "listingPublic" };

export type Transition = { ok: true; next: Subscription } | { ok: false; error: string };

export const SUBSCRIPTION_MSG = {
  notActive: "This subscription is not active.",
  alreadyPaid: "This listing already has an active subscription.",
  notCancelling: "This subscription is not cancelled.",
  notStandard: "Only a Standard plan can be upgraded to Featured.",
  notFeatured: "Only a Featured plan can be changed to Standard.",
  noCheckout: "There is no checkout waiting for payment.",
  otherPlan: "This payment was for another plan than the listing has now.",
  badWeeks: "Grant between 1 and 52 weeks.",
  notDue: "The period has not ended yet.",
  giftEnds: "These free weeks end on their own: subscribe to keep the listing public after them.",
} as const;

export const UNPAID: Subscription = {
  plan: "standard",
  status: "unpaid",
  periodStart: null,
  periodEnd: null,
  graceUntil: null,
  pendingPlan: null,
  gift: false,
  startsWhenPublic: false,
};

/** While public: the listing may be live (and is, if its owner and the moderators say so). */
export function isPaidStatus(status: SubscriptionStatus): boolean {
  return status === "active" || status === "past_due" || status === "cancelling";
}

/** The weekly charge a renewal takes: the plan that applies from the next period on. */
export function renewalPlan(sub: Subscription): PlanTier {
  return sub.pendingPlan ?? sub.plan;
}

/**
 * A new period on `plan` from `start`. `waits`: a week bought now rather than following one, which starts
 * only once the listing is public (the server keeps it waiting only while the listing is hidden).
 */
function fresh(sub: Subscription, plan: PlanTier, start: number, waits: boolean): Subscription {
  return {
    ...sub,
    plan,
    status: "active",
    periodStart: start,
    periodEnd: start + WEEK_MS,
    graceUntil: null,
    pendingPlan: null,
    gift: false,
    startsWhenPublic: waits,
  };
}

/** The moment a period's clock reads: `now`, or its start while it waits for the listing to be public. */
export function clockOf(sub: Pick<Subscription, "periodStart" | "startsWhenPublic">, now: number): number {
  return sub.startsWhenPublic && sub.periodStart !== null ? sub.periodStart : now;
}

const ok = (next: Subscription): Transition => ({ ok: true, next });
const no = (error: string): Transition => ({ ok: false, error });

function checkoutStarted(sub: Subscription, plan: PlanTier): Transition {
  // During free weeks the owner may subscribe: the listing stays public (and on its plan) while the
  // checkout waits; the payment decides the plan (`paid` below).
  if (sub.gift && sub.status === "cancelling") return ok(sub);
  // A failed renewal put right with a card not on file ('Pay now' with no card, 'Use another card'): the
  // listing stays public and past due while the checkout waits, and the checkout pays the renewal's plan
  // (docs/decisions/0027-putting-a-failed-renewal-right.md).
  if (sub.status === "past_due") {
    return plan === renewalPlan(sub) ? ok(sub) : no(SUBSCRIPTION_MSG.otherPlan);
  }
  if (isPaidStatus(sub.status)) return no(SUBSCRIPTION_MSG.alreadyPaid);
  return ok({ ...sub, plan, status: "pending" });
}

function paid(sub: Subscription, plan: PlanTier, now: number): Transition {
  // Paid during free weeks: a normal subscription on the chosen plan starts at once, renewed by the card
  // just stored, and the free days still to run are kept: the paid week is added after them.
  // Free weeks still waiting for the listing to be public keep waiting, from their own start.
  if (sub.gift && sub.status === "cancelling" && sub.periodEnd !== null) {
    const start = clockOf(sub, now);
    return ok({ ...fresh(sub, plan, start, true), periodEnd: Math.max(sub.periodEnd, start) + WEEK_MS });
  }
  // A first payment (or one after expiry) starts a week now, or once the listing is public if it is hidden. Money that arrives while already paid (a
  // checkout still open when free weeks became a paid plan) adds a week after the current one, but only a
  // week of the plan it paid for: a Standard payment never buys a Featured week (it is refunded instead,
  // payments/unapplied.server.ts).
  // A checkout that pays a failed renewal is that renewal: the week that was not paid, on the renewal's plan.
  if (sub.status === "past_due" && sub.periodEnd !== null) {
    if (plan !== renewalPlan(sub)) return no(SUBSCRIPTION_MSG.otherPlan);
    return ok(fresh(sub, plan, sub.periodEnd, false));
  }
  if (isPaidStatus(sub.status) && sub.periodEnd !== null) {
    if (plan !== sub.plan) return no(SUBSCRIPTION_MSG.otherPlan);
    return ok({ ...sub, status: "active", periodEnd: sub.periodEnd + WEEK_MS, graceUntil: null });
  }
  return ok(fresh(sub, plan, now, true));
}

function grantWeeks(sub: Subscription, weeks: number, hasCard: boolean, now: number): Transition {
  if (!Number.isInteger(weeks) || weeks < 1 || weeks > 52) return no(SUBSCRIPTION_MSG.badWeeks);
  const span = weeks * WEEK_MS;
  if (isPaidStatus(sub.status) && sub.periodEnd !== null) {
    // A period still waiting for the listing to be public has not used any of its time.
    const periodEnd = Math.max(sub.periodEnd, clockOf(sub, now)) + span;
    // A cancelled period (or earlier free weeks) stays as it was, only longer.
    if (sub.status === "cancelling") return ok({ ...sub, periodEnd, graceUntil: null });
    // A paying subscription is extended and then renewed by its card, as before.
    if (hasCard) return ok({ ...sub, status: "active", periodEnd, graceUntil: null });
    // Paid once but no card to renew with: the extension ends quietly rather than in a failed charge.
    return ok({ ...sub, status: "cancelling", periodEnd, graceUntil: null, pendingPlan: null, gift: true });
  }
  // Nobody pays for it (never did, or it lapsed or was cancelled): free weeks from now that end quietly,
  // never charging a card the owner may have left from an earlier plan without agreeing to it again.
  return ok({ ...fresh(sub, sub.plan, now, true), status: "cancelling", periodEnd: now + span, gift: true });
}

/** A waiting period moved to start at `now`, keeping its length; any other subscription as it is. */
export function startedWhenPublic(sub: Subscription, now: number): Subscription {
  if (!sub.startsWhenPublic || sub.periodStart === null || sub.periodEnd === null) return sub;
  const waited = Math.max(0, now - sub.periodStart);
  return {
    ...sub,
    periodStart: sub.periodStart + waited,
    periodEnd: sub.periodEnd + waited,
    startsWhenPublic: false,
  };
}

function renewalFailed(sub: Subscription, now: number): Transition {
  if (sub.status === "active") return ok({ ...sub, status: "past_due", graceUntil: now + GRACE_MS });
  if (sub.status === "past_due") {
    if (sub.graceUntil !== null && now < sub.graceUntil) return ok(sub);
    return ok({ ...sub, status: "expired", graceUntil: null, pendingPlan: null });
  }
  return no(SUBSCRIPTION_MSG.notActive);
}

/** The state machine: every allowed transition; anything else is refused with a reason. */
export function transition(sub: Subscription, event: SubscriptionEvent, now: number): Transition {
  switch (event.type) {
    case "checkoutStarted":
      return checkoutStarted(sub, event.plan);
    case "checkoutFailed":
      if (sub.status !== "pending") return no(SUBSCRIPTION_MSG.noCheckout);
      // Back where it was: never paid, or lapsed.
      return ok({ ...sub, status: sub.periodEnd === null ? "unpaid" : "expired" });
    case "paid":
      return paid(sub, event.plan, now);
    case "renewalPaid": {
      const plan = event.plan ?? renewalPlan(sub);
      // Paid late, after expiry: the listing was hidden meanwhile, so the new week starts now.
      if (sub.status === "expired" || sub.periodEnd === null) return ok(fresh(sub, plan, now, true));
      if (sub.status !== "active" && sub.status !== "past_due") return no(SUBSCRIPTION_MSG.notActive);
      return ok(fresh(sub, plan, sub.periodEnd, false));
    }
    case "renewalFailed":
      return renewalFailed(sub, now);
    case "periodEnded":
      if (sub.periodEnd === null || sub.startsWhenPublic || now < sub.periodEnd) return no(SUBSCRIPTION_MSG.notDue);
      if (sub.status === "cancelling") return ok({ ...sub, status: "expired", pendingPlan: null, gift: false });
      return no(SUBSCRIPTION_MSG.notActive);
    case "cancel":
      if (sub.status !== "active" && sub.status !== "past_due") return no(SUBSCRIPTION_MSG.notActive);
      return ok({ ...sub, status: "cancelling", graceUntil: null });
    case "resume":
      if (sub.status !== "cancelling") return no(SUBSCRIPTION_MSG.notCancelling);
      // Nothing was cancelled, and 'active' would only lead to a charge with no card: a checkout instead.
      if (sub.gift) return no(SUBSCRIPTION_MSG.giftEnds);
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
    case "grantWeeks":
      return grantWeeks(sub, event.weeks, event.hasCard, now);
    case "listingPublic":
      return ok(startedWhenPublic(sub, now));
  }
}

/** What the cron does with a subscription at `now` (app/features/billing/renewals.server.ts). */
export type DueAction = "none" | "remind" | "charge" | "retry" | "end";

export function dueAction(sub: Subscription, remindedFor: number | null, now: number): DueAction {
  // A period waiting for the listing to be public has not started: nothing is due until it has run.
  if (sub.periodEnd === null || sub.startsWhenPublic) return "none";
  if (sub.status === "cancelling") return now >= sub.periodEnd ? "end" : "none";
  if (sub.status === "past_due") return sub.graceUntil !== null && now >= sub.graceUntil ? "retry" : "none";
  if (sub.status !== "active") return "none";
  if (now >= sub.periodEnd) return "charge";
  if (now >= sub.periodEnd - REMINDER_MS && remindedFor !== sub.periodEnd) return "remind";
  return "none";
}

/** The owner-facing name of a status. */
export function statusLabel(
  sub: Pick<Subscription, "status" | "pendingPlan"> & { gift?: boolean; startsWhenPublic?: boolean },
): string {
  if (sub.startsWhenPublic && isPaidStatus(sub.status)) {
    return WAITING_LABEL[sub.gift ? "gift" : (sub.status as "active" | "past_due" | "cancelling")];
  }
  if (sub.gift && sub.status === "cancelling") return "Free weeks: end without a charge";
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

/** A period bought while the listing is hidden, by what follows it once it has run. */
const WAITING_LABEL: Record<"gift" | "active" | "past_due" | "cancelling", string> = {
  gift: "Free weeks: they start when the listing is public",
  active: "Paid: the week starts when the listing is public",
  past_due: "Paid: the week starts when the listing is public",
  cancelling: "Paid, cancelled: the week starts when the listing is public, then ends",
};

/** The owner's badge of a listing hidden because its subscription ran out (docs/billing.md). */
export const EXPIRED_BADGE = "Hidden - Subscription expired";

export function isSubscriptionStatus(value: unknown): value is SubscriptionStatus {
  return typeof value === "string" && (SUBSCRIPTION_STATUSES as readonly string[]).includes(value);
}
