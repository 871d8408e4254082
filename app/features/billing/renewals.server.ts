// The weekly billing run on the cron (docs/billing.md): reminders 24 hours before a renewal, renewal charges of
// the stored card, the second attempt after a failed renewal's 24-hour grace, the end of cancelled
// subscriptions, the end of administrators' Featured grants, charges left open (no answer yet) finished after
// asking the provider, and hosted checkouts nobody completed in 24 hours closed (payments/lookups.server.ts).
// Each subscription is handled on its own: one that throws is logged and the rest go on. Charges go through
// charges.server.ts, shared with the upgrade.
import { and, eq, lte, or, sql } from "drizzle-orm";
import { expiredEmail, renewalFailedEmail, renewalReminderEmail } from "./emails";
import { dueAction, REMINDER_MS, renewalPlan, transition } from "./subscriptions";
import {
  CHARGE_RETRY_AFTER_MS,
  closeFailedCharge,
  finishOpenCharge,
  openRenewalCharge,
  sendCharge,
} from "./charges.server";
import type { Charge, ChargeOutcome } from "./charges.server";
import { getDb, schema } from "~/platform/data/db.server";
import { sendEmail } from "~/platform/email/email.server";
import { endFeaturedGrants } from "./featured-grants.server";
import { sweepAbandonedCheckouts } from "~/features/payments/abandoned-checkouts.server";
import type { PaymentGateway } from "~/features/payments/gateway.server";
import { refundUnapplied } from "~/features/payments/unapplied.server";
import type { NotifyEnv } from "~/features/payments/notify.server";
import { readSubscription, saveSubscription, SubscriptionChangedError } from "./subscriptions.server";
import type { BillingEnv } from "./subscriptions.server";
import type { WaitUntil } from "~/platform/request-context";

const s = schema.subscriptions;
/** Per cron run; the rest wait for the next run (every 30 minutes). */
const BATCH = 50;

export type RenewalReport = {
  reminded: number;
  charged: number;
  failed: number;
  expired: number;
  /** Administrators' Featured grants that ran out (featured-grants.server.ts). */
  grantsEnded: number;
  /** Charges left open: the provider has not decided, or could not be asked (asked again next run). */
  unsettled: number;
  /** Checkouts nobody completed in 24 hours, closed (or settled, when the provider reports them paid). */
  abandoned: number;
  /** Payments that bought nothing, refunded (payments/unapplied.server.ts). */
  refunded: number;
  /** Subscriptions whose turn threw (logged); the others were done all the same. */
  errors: number;
};

type Owner = { listingId: string; email: string; firstName: string };
type RenewEnv = BillingEnv & NotifyEnv;

export async function runRenewals(
  env: RenewEnv,
  ctx: WaitUntil,
  gateway: PaymentGateway | null,
  origin: string,
  now = Date.now(),
): Promise<RenewalReport> {
  const db = getDb(env);
  const due = await db
    .select({ listingId: s.listingId, email: schema.users.email, firstName: schema.users.firstName })
    .from(s)
    .innerJoin(schema.users, eq(schema.users.id, s.userId))
    .where(
      or(
        // A period waiting for its listing to be public has not started (dueAction): never picked, so that
        // old waiting periods cannot fill every run's batch ahead of the due ones.
        and(eq(s.status, "active"), eq(s.startsWhenPublic, false), lte(s.periodEnd, now + REMINDER_MS)),
        and(eq(s.status, "past_due"), lte(s.graceUntil, now)),
        and(eq(s.status, "cancelling"), eq(s.startsWhenPublic, false), lte(s.periodEnd, now)),
        // A charge with no answer yet (an upgrade, or a renewal the provider left pending).
        sql`EXISTS (SELECT 1 FROM payments WHERE payments.listing_id = ${s.listingId} AND payments.status = 'open'
          AND payments.kind <> 'checkout' AND payments.updated_at <= ${now - CHARGE_RETRY_AFTER_MS})`,
      ),
    )
    .orderBy(s.periodEnd)
    .limit(BATCH);
  const report: RenewalReport = {
    reminded: 0,
    charged: 0,
    failed: 0,
    expired: 0,
    grantsEnded: 0,
    unsettled: 0,
    abandoned: 0,
    refunded: 0,
    errors: 0,
  };
  // Before the renewals: a grant that ends changes `featured` as the end of a Featured plan does. A failure
  // here is logged and the renewals still run: the grants are taken up again on the next run.
  try {
    report.grantsEnded = await endFeaturedGrants(env, ctx, now);
  } catch (error) {
    report.errors++;
    console.error("renewals: ending Featured grants failed", errorName(error));
  }
  if (gateway) {
    try {
      report.abandoned = await sweepAbandonedCheckouts(env, ctx, gateway, origin, now);
    } catch (error) {
      report.errors++;
      console.error("renewals: closing abandoned checkouts failed", errorName(error));
    }
    // Money that bought nothing goes back (payments/unapplied.server.ts); one the webhook could not refund at
    // once is sent again here.
    try {
      const refunds = await refundUnapplied(env, gateway, now);
      report.refunded = refunds.refunded;
    } catch (error) {
      report.errors++;
      console.error("renewals: refunds failed", errorName(error));
    }
  }
  for (const row of due) {
    try {
      await renewOne(env, ctx, gateway, origin, row, now, report);
    } catch (error) {
      // Only the listing's id and the error's kind: no addresses, names or card references in the log.
      report.errors++;
      console.error("renewals: one subscription failed; the others go on", row.listingId, errorName(error));
    }
  }
  return report;
}

function errorName(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message.slice(0, 200)}` : "unknown error";
}

async function renewOne(
  env: RenewEnv,
  ctx: WaitUntil,
  gateway: PaymentGateway | null,
  origin: string,
  owner: Owner,
  now: number,
  report: RenewalReport,
) {
  const sub = await readSubscription(env, owner.listingId);
  if (!sub) return;
  const mail = (content: { subject: string; text: string; html: string }) =>
    sendEmail(env, { to: owner.email, ...content });

  const action = dueAction(sub, sub.remindedFor, now);
  // A charge waiting for its answer: never a second charge beside it. A checkout waiting for the payer holds
  // back nothing: renewals, retries and the end of a period run as if it were not there, or starting a
  // checkout and leaving it would keep a listing public (and Featured) without a payment. Should the checkout
  // still be paid, it buys a week of its own plan, or is refunded (payments/notify.server.ts).
  if (sub.openPayment && sub.openPayment.kind !== "checkout") {
    if (!gateway) return;
    const finished = await finishOpenCharge(env, ctx, gateway, sub, origin, now);
    if (finished) await afterCharge(env, ctx, owner, origin, finished.charge, finished.result, now, report);
    else report.unsettled++;
    return;
  }

  if (action === "remind") {
    await getDb(env).update(s).set({ remindedFor: sub.periodEnd }).where(eq(s.listingId, sub.listingId));
    await mail(
      renewalReminderEmail({ firstName: owner.firstName, plan: renewalPlan(sub), renewsAt: sub.periodEnd!, origin }),
    );
    report.reminded++;
    return;
  }
  if (action === "end") {
    const moved = transition(sub, { type: "periodEnded" }, now);
    if (!moved.ok) return;
    if (!(await saved(() => saveSubscription(env, ctx, sub, moved.next, {}, now)))) return;
    if (sub.methodRef && gateway) await gateway.cancel(sub.methodRef);
    await mail(expiredEmail({ firstName: owner.firstName, origin }));
    report.expired++;
    return;
  }
  if (action !== "charge" && action !== "retry") return;
  if (!gateway) return;

  // Opened with a compare-and-swap: a cancel or change of plan that landed since our read wins, and nothing
  // is charged; one that comes after it is refused while this charge is open.
  const opened = await openRenewalCharge(env, gateway, sub, now);
  if (!opened.ok) return;
  const result = sub.methodRef
    ? await sendCharge(env, ctx, gateway, opened.charge, sub.methodRef, origin, now)
    : ({ outcome: "failed", reason: "No stored card" } as const);
  await afterCharge(env, ctx, owner, origin, opened.charge, result, now, report);
}

/** What follows a renewal's or upgrade's outcome: counting, and for a refused renewal, past due or expiry. */
async function afterCharge(
  env: RenewEnv,
  ctx: WaitUntil,
  owner: Owner,
  origin: string,
  charge: Charge,
  result: ChargeOutcome,
  now: number,
  report: RenewalReport,
) {
  const mail = (content: { subject: string; text: string; html: string }) =>
    sendEmail(env, { to: owner.email, ...content });
  switch (result.outcome) {
    case "succeeded":
      report.charged++;
      return;
    case "pending":
    case "unknown":
      // Left open, never failed: the card may have been charged. The next run asks again.
      report.unsettled++;
      return;
    case "declined": {
      // The provider's answer already closed it and moved the subscription (notify.server.ts): tell the owner.
      report.failed++;
      if (charge.kind !== "renewal") return;
      const after = await readSubscription(env, owner.listingId);
      if (after?.status === "expired") report.expired++;
      await mail(
        after?.status === "expired"
          ? expiredEmail({ firstName: owner.firstName, origin })
          : renewalFailedEmail({ firstName: owner.firstName, origin }),
      );
      return;
    }
    case "notCharged":
      // The provider did not take the request (throttled): nothing was charged and nothing is known about
      // the card, so the subscription does not move. The payment closes; the next run charges again.
      await closeFailedCharge(getDb(env), charge.reference, result.reason, now);
      report.unsettled++;
      return;
    case "failed":
      break;
  }
  // Refused at once: the payment closes as failed and the subscription moves on, in one batch.
  const db = getDb(env);
  const close = closeFailedCharge(db, charge.reference, result.reason, now);
  report.failed++;
  if (charge.kind !== "renewal") {
    await close;
    return;
  }
  for (let attempt = 0; attempt < 3; attempt++) {
    const fresh = await readSubscription(env, owner.listingId);
    const moved = fresh ? transition(fresh, { type: "renewalFailed" }, now) : null;
    if (!fresh || !moved?.ok) {
      await close;
      return;
    }
    const stored = await saved(() =>
      saveSubscription(env, ctx, fresh, moved.next, { failedRenewals: fresh.failedRenewals + 1 }, now, [close]),
    );
    if (!stored) continue;
    if (moved.next.status === "expired") {
      report.expired++;
      await mail(expiredEmail({ firstName: owner.firstName, origin }));
    } else {
      await mail(renewalFailedEmail({ firstName: owner.firstName, origin }));
    }
    return;
  }
  // Still racing after three reads: the payment stays open and the next run finishes it.
}

/** False when someone else wrote the subscription first (the next run looks again). */
async function saved(write: () => Promise<void>): Promise<boolean> {
  try {
    await write();
    return true;
  } catch (error) {
    if (error instanceof SubscriptionChangedError) return false;
    throw error;
  }
}
