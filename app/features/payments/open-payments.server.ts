// Administrators: "Payments left open" on /admin/subscriptions (decision 0015 "Looking a payment up"): the
// list, "Ask the provider now" and "Give up". The lookup itself is lookups.server.ts.
import { and, asc, eq, lte } from "drizzle-orm";
import type { SQL } from "drizzle-orm";
import { isPaymentId, LOOKUP_MSG, OPEN_PAYMENT_ALERT_MS, parseGiveUpReason } from "./lookups";
import { paymentColumns } from "~/features/billing/billing.server";
import { renewalFailedEmail } from "~/features/billing/emails";
import { auditInsert, CHANGED } from "~/features/audit/audit.server";
import { getDb, schema } from "~/platform/data/db.server";
import { sendEmail } from "~/platform/email/email.server";
import type { PaymentGateway } from "./gateway.server";
import type { NotifyEnv } from "./notify.server";
import { failOpenPayment, lookUpAndApply, paymentRow } from "./lookups.server";
import { batchOrChanged, SubscriptionChangedError } from "~/features/billing/subscriptions.server";
import type { BillingEnv } from "~/features/billing/subscriptions.server";
import type { WaitUntil } from "~/platform/request-context";
import type { DbEnv } from "~/platform/data/db.server";

const p = schema.payments;

/** A payment left open: open for more than two hours (the list below, and the admin home's count). */
export function leftOpen(now: number): SQL {
  return and(eq(p.status, "open"), lte(p.createdAt, now - OPEN_PAYMENT_ALERT_MS))!;
}

/** Open payments older than two hours, oldest first, with whose they are. */
export async function loadOpenPayments(env: DbEnv, now = Date.now()) {
  const l = schema.listings;
  const u = schema.users;
  return getDb(env)
    .select({ ...paymentColumns, name: l.firstName, email: u.email, checkedAt: p.providerCheckedAt })
    .from(p)
    .leftJoin(l, eq(l.id, p.listingId))
    .leftJoin(u, eq(u.id, p.userId))
    .where(leftOpen(now))
    .orderBy(asc(p.createdAt), asc(p.id))
    .limit(100);
}

type Admin = { id: string; isAdmin: boolean };
export type AdminPaymentResult =
  { ok: true; message: string } | { ok: false; status: 400 | 403 | 404 | 409; error: string };

const OPEN_PAYMENT_MSG = {
  adminsOnly: "Administrators only.",
  notFound: "Payment not found.",
  reason: "Give a reason (up to 200 characters): it goes on the audit log.",
} as const;

/**
 * "Ask the provider now": the lookup, applied as the cron would apply it. A charge the provider never saw is
 * sent again by the cron's next run (charges.server.ts), and a checkout nobody paid is closed by its sweep, or
 * at once with "Give up": asking only reports those.
 */
export async function askProviderNow(
  env: NotifyEnv,
  ctx: WaitUntil,
  gateway: PaymentGateway,
  admin: Admin,
  paymentId: unknown,
  origin: string,
  now = Date.now(),
): Promise<AdminPaymentResult> {
  if (!admin.isAdmin) return { ok: false, status: 403, error: OPEN_PAYMENT_MSG.adminsOnly };
  if (!isPaymentId(paymentId)) return { ok: false, status: 404, error: OPEN_PAYMENT_MSG.notFound };
  const row = await paymentRow(env, paymentId);
  if (!row) return { ok: false, status: 404, error: OPEN_PAYMENT_MSG.notFound };
  if (row.status !== "open") return { ok: true, message: LOOKUP_MSG.closed };
  const { outcome } = await lookUpAndApply(env, ctx, gateway, paymentId, origin, now);
  // A renewal found declined is a failed renewal, as if the cron had heard it at once: its owner is told.
  if (outcome === "declined" && row.kind === "renewal") ctx.waitUntil(mailRenewalFailed(env, paymentId, origin));
  return { ok: true, message: LOOKUP_MSG[outcome] };
}

async function mailRenewalFailed(env: NotifyEnv, paymentId: string, origin: string): Promise<void> {
  const u = schema.users;
  const [owner] = await getDb(env)
    .select({ email: u.email, firstName: u.firstName })
    .from(p)
    .innerJoin(u, eq(u.id, p.userId))
    .where(eq(p.id, paymentId))
    .limit(1);
  if (owner) await sendEmail(env, { to: owner.email, ...renewalFailedEmail({ firstName: owner.firstName, origin }) });
}

/**
 * "Give up": the payment closes as failed, with no charge recorded, so the listing's plan changes are no longer
 * blocked by it; the reason goes on the audit log in the same batch (written only if the payment was still
 * open at that point of the batch). A checkout also takes its subscription back from pending, as a declined
 * one does. Should the provider still report it paid, the notification records the money all the same
 * (notify.server.ts) for support to refund or keep.
 */
export async function giveUpPayment(
  env: BillingEnv,
  ctx: WaitUntil,
  admin: Admin,
  paymentId: unknown,
  reasonValue: unknown,
  now = Date.now(),
): Promise<AdminPaymentResult> {
  if (!admin.isAdmin) return { ok: false, status: 403, error: OPEN_PAYMENT_MSG.adminsOnly };
  if (!isPaymentId(paymentId)) return { ok: false, status: 404, error: OPEN_PAYMENT_MSG.notFound };
  const reason = parseGiveUpReason(reasonValue);
  if (!reason) return { ok: false, status: 400, error: OPEN_PAYMENT_MSG.reason };
  const db = getDb(env);
  for (let attempt = 1; ; attempt++) {
    const row = await paymentRow(env, paymentId);
    if (!row) return { ok: false, status: 404, error: OPEN_PAYMENT_MSG.notFound };
    // A second click, or the provider's answer first: nothing more to do, and nothing audited.
    if (row.status !== "open") return { ok: true, message: LOOKUP_MSG.closed };
    const { close, takeBack } = await failOpenPayment(env, row, `Given up by an administrator: ${reason}`, now);
    try {
      await batchOrChanged(db, [
        close,
        auditInsert(
          db,
          { adminId: admin.id, action: "give_up_payment", listingId: row.listingId, detail: `${paymentId}: ${reason}` },
          now,
          CHANGED,
        ),
        ...takeBack,
      ]);
      // The provider's answer may have closed it between the read and the batch (then nothing was written).
      const after = await paymentRow(env, paymentId);
      if (after?.status !== "failed" || !after.failure?.startsWith("Given up")) {
        return { ok: true, message: LOOKUP_MSG.closed };
      }
      return { ok: true, message: "The payment is closed. No charge was recorded." };
    } catch (error) {
      if (!(error instanceof SubscriptionChangedError)) throw error;
      if (attempt >= 3)
        return { ok: false, status: 409, error: "The subscription changed meanwhile. Please try again." };
    }
  }
}
