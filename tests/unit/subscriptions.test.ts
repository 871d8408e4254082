import { describe, expect, it } from "vitest";
import { gstIncludedCents } from "~/core/plans";
import {
  dueAction,
  GRACE_MS,
  isPaidStatus,
  REMINDER_MS,
  statusLabel,
  SUBSCRIPTION_MSG,
  transition,
  UNPAID,
  WEEK_MS,
} from "~/features/billing/subscriptions";
import type { Subscription, SubscriptionEvent } from "~/features/billing/subscriptions";
import { prorationCents } from "~/features/billing/upgrade";

/** A fake clock: every test moves it by hand. */
const T0 = Date.UTC(2026, 10, 2, 9, 0, 0);

function step(sub: Subscription, event: SubscriptionEvent, now: number): Subscription {
  const result = transition(sub, event, now);
  if (!result.ok) throw new Error(`refused: ${result.error}`);
  return result.next;
}

function refused(sub: Subscription, event: SubscriptionEvent, now: number): string {
  const result = transition(sub, event, now);
  if (result.ok) throw new Error(`allowed ${event.type} from ${sub.status}`);
  return result.error;
}

/** Paid for at `at` by a listing already public (or made public at once by the payment). */
const paidPublic = (sub: Subscription, plan: "standard" | "featured", at: number): Subscription =>
  step(step(sub, { type: "paid", plan }, at), { type: "listingPublic" }, at);

const active = (plan: "standard" | "featured" = "standard"): Subscription => paidPublic(UNPAID, plan, T0);

/** Free weeks given at `at` to a listing that is public. */
const givenPublic = (sub: Subscription, weeks: number, at: number): Subscription =>
  step(step(sub, { type: "grantWeeks", weeks, hasCard: false }, at), { type: "listingPublic" }, at);

describe("subscription state machine", () => {
  it("unpaid → pending → active for one week from the payment", () => {
    const pending = step(UNPAID, { type: "checkoutStarted", plan: "featured" }, T0);
    expect(pending).toMatchObject({ status: "pending", plan: "featured", periodEnd: null });
    expect(isPaidStatus(pending.status)).toBe(false);
    const paid = paidPublic(pending, "featured", T0 + 5000);
    expect(paid).toMatchObject({
      status: "active",
      plan: "featured",
      periodStart: T0 + 5000,
      periodEnd: T0 + 5000 + WEEK_MS,
    });
    expect(isPaidStatus(paid.status)).toBe(true);
  });

  it("a declined checkout goes back to unpaid (never paid) or expired (lapsed)", () => {
    const pending = step(UNPAID, { type: "checkoutStarted", plan: "standard" }, T0);
    expect(step(pending, { type: "checkoutFailed" }, T0).status).toBe("unpaid");
    const lapsed: Subscription = { ...active(), status: "expired" };
    const again = step(lapsed, { type: "checkoutStarted", plan: "standard" }, T0 + 2 * WEEK_MS);
    expect(step(again, { type: "checkoutFailed" }, T0 + 2 * WEEK_MS).status).toBe("expired");
    expect(refused(active(), { type: "checkoutFailed" }, T0)).toBe(SUBSCRIPTION_MSG.noCheckout);
  });

  it("a paid listing cannot start a second checkout; a second payment adds a week", () => {
    const sub = active();
    expect(refused(sub, { type: "checkoutStarted", plan: "standard" }, T0)).toBe(SUBSCRIPTION_MSG.alreadyPaid);
    expect(step(sub, { type: "paid", plan: "standard" }, T0 + 1000).periodEnd).toBe(T0 + 2 * WEEK_MS);
  });

  it("a failed renewal can be paid by a checkout: the listing stays past due while it waits, and the payment is the renewal", () => {
    const due = T0 + WEEK_MS;
    const pastDue = step(active(), { type: "renewalFailed" }, due);
    // Waiting for the payer changes nothing: still past due, still public, the same deadline.
    expect(step(pastDue, { type: "checkoutStarted", plan: "standard" }, due + 1000)).toEqual(pastDue);
    // Only the plan the renewal charges: another plan's checkout would buy nothing.
    expect(refused(pastDue, { type: "checkoutStarted", plan: "featured" }, due + 1000)).toBe(
      SUBSCRIPTION_MSG.otherPlan,
    );
    expect(refused(pastDue, { type: "paid", plan: "featured" }, due + 1000)).toBe(SUBSCRIPTION_MSG.otherPlan);
    // Paid: the week that was not paid, following the last one without a gap.
    expect(step(pastDue, { type: "paid", plan: "standard" }, due + 5000)).toMatchObject({
      status: "active",
      plan: "standard",
      periodStart: due,
      periodEnd: due + WEEK_MS,
      graceUntil: null,
    });
    // A Featured plan changing to Standard at renewal pays the Standard week.
    const featuredDown = step(
      step({ ...active(), plan: "featured" }, { type: "downgrade" }, T0 + 10),
      { type: "renewalFailed" },
      due,
    );
    expect(refused(featuredDown, { type: "checkoutStarted", plan: "featured" }, due)).toBe(SUBSCRIPTION_MSG.otherPlan);
    expect(step(featuredDown, { type: "paid", plan: "standard" }, due + 1)).toMatchObject({
      plan: "standard",
      pendingPlan: null,
      status: "active",
    });
  });

  it("renewal: the next week follows the last one without a gap, in the plan chosen for it", () => {
    const sub = step(active("featured"), { type: "downgrade" }, T0 + 1000);
    expect(sub).toMatchObject({ plan: "featured", pendingPlan: "standard" });
    const renewed = step(sub, { type: "renewalPaid" }, T0 + WEEK_MS + 60_000);
    expect(renewed).toMatchObject({
      status: "active",
      plan: "standard",
      pendingPlan: null,
      periodStart: T0 + WEEK_MS,
      periodEnd: T0 + 2 * WEEK_MS,
    });
  });

  it("renewal: a paid renewal gives the plan it was charged for, not one chosen after the charge", () => {
    const sub = step(active("featured"), { type: "downgrade" }, T0 + 1000);
    expect(step(sub, { type: "renewalPaid", plan: "featured" }, T0 + WEEK_MS)).toMatchObject({
      plan: "featured",
      pendingPlan: null,
    });
  });

  it("a failed renewal is past due with 24 h grace; failing again after the grace expires it", () => {
    const due = T0 + WEEK_MS;
    const pastDue = step(active(), { type: "renewalFailed" }, due);
    expect(pastDue).toMatchObject({ status: "past_due", graceUntil: due + GRACE_MS });
    expect(isPaidStatus(pastDue.status)).toBe(true);
    // Inside the grace a failure changes nothing.
    expect(step(pastDue, { type: "renewalFailed" }, due + GRACE_MS - 1)).toEqual(pastDue);
    const expired = step(pastDue, { type: "renewalFailed" }, due + GRACE_MS);
    expect(expired).toMatchObject({ status: "expired", graceUntil: null });
    expect(isPaidStatus(expired.status)).toBe(false);
  });

  it("paying while past due keeps the weeks contiguous; paying after expiry starts a week now", () => {
    const due = T0 + WEEK_MS;
    const pastDue = step(active(), { type: "renewalFailed" }, due);
    expect(step(pastDue, { type: "renewalPaid" }, due + 1000)).toMatchObject({
      status: "active",
      periodStart: due,
      periodEnd: due + WEEK_MS,
      graceUntil: null,
    });
    const expired = step(pastDue, { type: "renewalFailed" }, due + GRACE_MS);
    const late = due + 3 * WEEK_MS;
    expect(step(expired, { type: "renewalPaid" }, late)).toMatchObject({ status: "active", periodStart: late });
    expect(step(expired, { type: "paid", plan: "featured" }, late)).toMatchObject({
      plan: "featured",
      periodStart: late,
    });
    expect(refused(UNPAID, { type: "renewalFailed" }, T0)).toBe(SUBSCRIPTION_MSG.notActive);
  });

  it("cancel takes effect at the period's end; resume undoes it before then", () => {
    const cancelling = step(active(), { type: "cancel" }, T0 + 1000);
    expect(cancelling.status).toBe("cancelling");
    expect(isPaidStatus(cancelling.status)).toBe(true);
    expect(step(cancelling, { type: "resume" }, T0 + 2000).status).toBe("active");
    expect(refused(cancelling, { type: "periodEnded" }, T0 + WEEK_MS - 1)).toBe(SUBSCRIPTION_MSG.notDue);
    expect(step(cancelling, { type: "periodEnded" }, T0 + WEEK_MS).status).toBe("expired");
    expect(refused(active(), { type: "resume" }, T0)).toBe(SUBSCRIPTION_MSG.notCancelling);
    expect(refused(UNPAID, { type: "cancel" }, T0)).toBe(SUBSCRIPTION_MSG.notActive);
    expect(refused(active(), { type: "periodEnded" }, T0 + WEEK_MS)).toBe(SUBSCRIPTION_MSG.notActive);
  });

  it("upgrade applies at once; downgrade waits, and can be taken back", () => {
    const up = step(active("standard"), { type: "upgradePaid" }, T0 + 1000);
    expect(up).toMatchObject({ plan: "featured", periodEnd: T0 + WEEK_MS });
    expect(refused(up, { type: "upgradePaid" }, T0)).toBe(SUBSCRIPTION_MSG.notStandard);
    expect(refused(active("standard"), { type: "downgrade" }, T0)).toBe(SUBSCRIPTION_MSG.notFeatured);
    const down = step(up, { type: "downgrade" }, T0 + 2000);
    expect(down).toMatchObject({ plan: "featured", pendingPlan: "standard" });
    expect(step(down, { type: "keepPlan" }, T0 + 3000).pendingPlan).toBeNull();
    expect(refused(UNPAID, { type: "upgradePaid" }, T0)).toBe(SUBSCRIPTION_MSG.notActive);
  });

  it("free weeks extend a paid period with a card, and lift past due, renewing by the card as before", () => {
    const grant = { type: "grantWeeks", weeks: 2, hasCard: true } as const;
    expect(step(active(), grant, T0 + 1000)).toMatchObject({
      status: "active",
      periodEnd: T0 + 3 * WEEK_MS,
      gift: false,
    });
    const pastDue = step(active(), { type: "renewalFailed" }, T0 + WEEK_MS);
    expect(step(pastDue, { ...grant, weeks: 1 }, T0 + WEEK_MS + 10)).toMatchObject({
      status: "active",
      periodEnd: T0 + 2 * WEEK_MS + 10,
      graceUntil: null,
      gift: false,
    });
    // Cancelled by its owner: longer, still cancelled (and still called so).
    const cancelled = step(active(), { type: "cancel" }, T0 + 10);
    expect(step(cancelled, grant, T0 + 20)).toMatchObject({ status: "cancelling", periodEnd: T0 + 3 * WEEK_MS });
    expect(step(cancelled, grant, T0 + 20).gift).toBe(false);
    for (const weeks of [0, -1, 1.5, 53]) {
      expect(refused(UNPAID, { type: "grantWeeks", weeks, hasCard: false }, T0)).toBe(SUBSCRIPTION_MSG.badWeeks);
    }
  });

  it("free weeks to a listing nobody pays for start now and are a gift that ends, not a plan that renews", () => {
    const lapsed = step(
      step(active(), { type: "renewalFailed" }, T0 + WEEK_MS),
      { type: "renewalFailed" },
      T0 + 3 * WEEK_MS,
    );
    expect(lapsed.status).toBe("expired");
    const owned = step(step(active(), { type: "cancel" }, T0), { type: "periodEnded" }, T0 + WEEK_MS);
    expect(owned.status).toBe("expired");
    const pending = step(UNPAID, { type: "checkoutStarted", plan: "featured" }, T0);
    // Whether or not a card is left from an earlier plan: nobody agreed to be charged again.
    for (const [from, hasCard] of [
      [UNPAID, false],
      [lapsed, true],
      [owned, true],
      [pending, false],
    ] as const) {
      const now = T0 + 4 * WEEK_MS;
      const given = step(from, { type: "grantWeeks", weeks: 2, hasCard }, now);
      const gift = step(given, { type: "listingPublic" }, now);
      expect(gift).toMatchObject({ status: "cancelling", gift: true, periodStart: now, periodEnd: now + 2 * WEEK_MS });
      expect(isPaidStatus(gift.status)).toBe(true);
      expect(statusLabel(gift)).toBe("Free weeks: end without a charge");
      // Given to a listing that is hidden, they wait for it to be public like a paid week.
      expect(statusLabel(given)).toBe("Free weeks: they start when the listing is public");
    }
  });

  it("free weeks on a paid period with no card to renew it end quietly too", () => {
    const gift = step(active("featured"), { type: "grantWeeks", weeks: 1, hasCard: false }, T0 + 1000);
    expect(gift).toMatchObject({ status: "cancelling", gift: true, plan: "featured", periodEnd: T0 + 2 * WEEK_MS });
    // More free weeks on top: longer, still a gift.
    expect(step(gift, { type: "grantWeeks", weeks: 1, hasCard: false }, T0 + 2000)).toMatchObject({
      status: "cancelling",
      gift: true,
      periodEnd: T0 + 3 * WEEK_MS,
    });
  });

  it("a gift cannot be resumed or cancelled; it expires at its end like a cancelled period", () => {
    const gift = givenPublic(UNPAID, 1, T0);
    expect(refused(gift, { type: "resume" }, T0 + 1)).toBe(SUBSCRIPTION_MSG.giftEnds);
    expect(refused(gift, { type: "cancel" }, T0 + 1)).toBe(SUBSCRIPTION_MSG.notActive);
    expect(refused(gift, { type: "renewalFailed" }, T0 + WEEK_MS)).toBe(SUBSCRIPTION_MSG.notActive);
    expect(refused(gift, { type: "periodEnded" }, T0 + WEEK_MS - 1)).toBe(SUBSCRIPTION_MSG.notDue);
    expect(step(gift, { type: "periodEnded" }, T0 + WEEK_MS)).toMatchObject({ status: "expired", gift: false });
  });

  it("subscribing during a gift: the listing stays public meanwhile; the payment starts a plan and keeps the free days", () => {
    const gift = givenPublic(UNPAID, 2, T0);
    // The checkout neither hides the listing (pending) nor changes its plan before the money arrives.
    expect(step(gift, { type: "checkoutStarted", plan: "featured" }, T0 + 1000)).toEqual(gift);
    // A declined or abandoned checkout leaves the gift as it was.
    expect(refused(gift, { type: "checkoutFailed" }, T0 + 2000)).toBe(SUBSCRIPTION_MSG.noCheckout);
    const paid = paidPublic(gift, "featured", T0 + WEEK_MS);
    expect(paid).toMatchObject({
      status: "active",
      gift: false,
      plan: "featured",
      periodStart: T0 + WEEK_MS,
      periodEnd: T0 + 3 * WEEK_MS,
    });
    // From then on a normal subscription: reminded and charged at the end.
    expect(dueAction(paid, null, T0 + 3 * WEEK_MS - REMINDER_MS)).toBe("remind");
    expect(dueAction(paid, null, T0 + 3 * WEEK_MS)).toBe("charge");
  });
});

describe("a week bought while the listing is hidden", () => {
  const DAY = 24 * 60 * 60 * 1000;
  // Paid at T0 while the ID check waits; approved (so public) three and a half days later.
  const waiting = step(UNPAID, { type: "paid", plan: "standard" }, T0);
  const approvedAt = T0 + 3.5 * DAY;

  it("waits: nothing is reminded, charged or ended however long the listing stays hidden", () => {
    expect(waiting).toMatchObject({ status: "active", startsWhenPublic: true, periodStart: T0 });
    expect(isPaidStatus(waiting.status)).toBe(true);
    expect(statusLabel(waiting)).toBe("Paid: the week starts when the listing is public");
    for (const now of [T0, T0 + WEEK_MS - REMINDER_MS, T0 + WEEK_MS, T0 + 5 * WEEK_MS]) {
      expect(dueAction(waiting, null, now)).toBe("none");
    }
    const cancelled = step(waiting, { type: "cancel" }, T0 + DAY);
    expect(cancelled).toMatchObject({ status: "cancelling", startsWhenPublic: true });
    expect(dueAction(cancelled, null, T0 + 2 * WEEK_MS)).toBe("none");
    expect(refused(cancelled, { type: "periodEnded" }, T0 + 2 * WEEK_MS)).toBe(SUBSCRIPTION_MSG.notDue);
  });

  it("starts the moment the listing is public and runs a full week from then", () => {
    const started = step(waiting, { type: "listingPublic" }, approvedAt);
    expect(started).toMatchObject({
      startsWhenPublic: false,
      periodStart: approvedAt,
      periodEnd: approvedAt + WEEK_MS,
    });
    expect(statusLabel(started)).toBe("Active");
    expect(dueAction(started, null, approvedAt + WEEK_MS - REMINDER_MS)).toBe("remind");
    expect(dueAction(started, approvedAt + WEEK_MS, approvedAt + WEEK_MS)).toBe("charge");
    // Being public again later (after a break) moves nothing: only the first time counts.
    expect(step(started, { type: "listingPublic" }, approvedAt + 2 * DAY)).toEqual(started);
    // A cancelled waiting week runs its week once public, then ends.
    const cancelled = step(step(waiting, { type: "cancel" }, T0 + DAY), { type: "listingPublic" }, approvedAt);
    expect(dueAction(cancelled, null, approvedAt + WEEK_MS - 1)).toBe("none");
    expect(dueAction(cancelled, null, approvedAt + WEEK_MS)).toBe("end");
  });

  it("renewals that follow a week never wait: the week after is paid while the listing may be on a break", () => {
    const started = step(waiting, { type: "listingPublic" }, approvedAt);
    const renewed = step(started, { type: "renewalPaid" }, approvedAt + WEEK_MS);
    expect(renewed).toMatchObject({ startsWhenPublic: false, periodStart: approvedAt + WEEK_MS });
    const pastDue = step(started, { type: "renewalFailed" }, approvedAt + WEEK_MS);
    expect(step(pastDue, { type: "paid", plan: "standard" }, approvedAt + WEEK_MS + DAY)).toMatchObject({
      startsWhenPublic: false,
      periodStart: approvedAt + WEEK_MS,
    });
    // After expiry the listing was hidden: a late payment's week waits for it to be public again.
    const expired = step(pastDue, { type: "renewalFailed" }, approvedAt + WEEK_MS + GRACE_MS);
    expect(step(expired, { type: "renewalPaid" }, approvedAt + 3 * WEEK_MS).startsWhenPublic).toBe(true);
    expect(step(expired, { type: "paid", plan: "standard" }, approvedAt + 3 * WEEK_MS).startsWhenPublic).toBe(true);
  });

  it("keeps all of its time for an upgrade and for free weeks added while it waits", () => {
    const late = T0 + 2 * WEEK_MS;
    // Nothing of the week is used yet: the whole difference, however late the upgrade.
    expect(prorationCents(waiting, late)).toBe(4000);
    // Free weeks go on the end of the week still to run, not on today.
    const longer = step(waiting, { type: "grantWeeks", weeks: 1, hasCard: true }, late);
    expect(longer).toMatchObject({ startsWhenPublic: true, periodStart: T0, periodEnd: T0 + 2 * WEEK_MS });
    expect(step(longer, { type: "listingPublic" }, late)).toMatchObject({
      periodStart: late,
      periodEnd: late + 2 * WEEK_MS,
    });
    // Paid during free weeks that are still waiting: the paid week follows them, all from when it is public.
    const gift = step(UNPAID, { type: "grantWeeks", weeks: 1, hasCard: false }, T0);
    const paid = step(gift, { type: "paid", plan: "featured" }, T0 + 2 * WEEK_MS);
    expect(paid).toMatchObject({ startsWhenPublic: true, gift: false, periodStart: T0, periodEnd: T0 + 2 * WEEK_MS });
    expect(step(paid, { type: "listingPublic" }, approvedAt + 2 * WEEK_MS)).toMatchObject({
      periodStart: approvedAt + 2 * WEEK_MS,
      periodEnd: approvedAt + 4 * WEEK_MS,
    });
  });
});

describe("what the cron does", () => {
  const sub = active();
  it("reminds once 24 h before, charges at the end, retries after the grace, ends a cancelled one", () => {
    const end = T0 + WEEK_MS;
    expect(dueAction(sub, null, end - REMINDER_MS - 1)).toBe("none");
    expect(dueAction(sub, null, end - REMINDER_MS)).toBe("remind");
    expect(dueAction(sub, end, end - 1000)).toBe("none");
    expect(dueAction(sub, end, end)).toBe("charge");
    const pastDue = step(sub, { type: "renewalFailed" }, end);
    expect(dueAction(pastDue, end, end + GRACE_MS - 1)).toBe("none");
    expect(dueAction(pastDue, end, end + GRACE_MS)).toBe("retry");
    const cancelling = step(sub, { type: "cancel" }, T0);
    expect(dueAction(cancelling, null, end - 1)).toBe("none");
    expect(dueAction(cancelling, null, end)).toBe("end");
    expect(dueAction(UNPAID, null, end)).toBe("none");
  });

  it("free weeks with no card: never a reminder or a charge, only the end", () => {
    for (const from of [UNPAID, { ...active(), status: "expired" } as Subscription]) {
      const gift = givenPublic(from, 2, T0);
      const end = T0 + 2 * WEEK_MS;
      for (const now of [T0, end - REMINDER_MS - 1, end - REMINDER_MS, end - 1]) {
        expect(dueAction(gift, null, now)).toBe("none");
      }
      expect(dueAction(gift, null, end)).toBe("end");
      expect(dueAction(gift, null, end + GRACE_MS)).toBe("end");
    }
  });

  it("free weeks on a paid plan with a card: reminded and charged at the new end", () => {
    const longer = step(active(), { type: "grantWeeks", weeks: 1, hasCard: true }, T0 + 1000);
    const end = T0 + 2 * WEEK_MS;
    expect(dueAction(longer, null, T0 + WEEK_MS)).toBe("none");
    expect(dueAction(longer, null, end - REMINDER_MS)).toBe("remind");
    expect(dueAction(longer, end, end)).toBe("charge");
  });
});

describe("money", () => {
  it("prorates Standard → Featured over the part of the week left, to the nearest cent", () => {
    const period = { periodStart: T0, periodEnd: T0 + WEEK_MS };
    expect(prorationCents(period, T0)).toBe(4000);
    expect(prorationCents(period, T0 + WEEK_MS / 2)).toBe(2000);
    expect(prorationCents(period, T0 + WEEK_MS)).toBe(0);
    expect(prorationCents(period, T0 + 2 * WEEK_MS)).toBe(0);
    // One day gone: 4000 × 6/7 = 3428.571… → 3429.
    expect(prorationCents(period, T0 + WEEK_MS / 7)).toBe(3429);
    // Two days gone: 4000 × 5/7 = 2857.142… → 2857.
    expect(prorationCents(period, T0 + (2 * WEEK_MS) / 7)).toBe(2857);
    // A half cent rounds up: 4000 × left/length = 0.5 exactly when left = length/8000.
    expect(prorationCents({ periodStart: 0, periodEnd: 8000 }, 7999)).toBe(1);
    expect(prorationCents({ periodStart: null, periodEnd: null }, T0)).toBe(0);
    expect(Number.isInteger(prorationCents(period, T0 + 12345))).toBe(true);
  });

  it("prorates a period longer than a week (free weeks added to it) by the weeks left, not over its length", () => {
    const long = { periodStart: T0, periodEnd: T0 + 3 * WEEK_MS };
    expect(prorationCents(long, T0)).toBe(12000);
    expect(prorationCents(long, T0 + 2 * WEEK_MS)).toBe(4000);
    expect(prorationCents(long, T0 + 2.5 * WEEK_MS)).toBe(2000);
    expect(prorationCents(long, T0 + 3 * WEEK_MS)).toBe(0);
  });

  it("GST is 3/23 of the GST-inclusive amount, rounded to the cent", () => {
    expect(gstIncludedCents(3500)).toBe(457);
    expect(gstIncludedCents(7500)).toBe(978);
    expect(gstIncludedCents(3429)).toBe(447);
    expect(gstIncludedCents(0)).toBe(0);
  });
});
