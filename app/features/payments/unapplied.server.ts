// Money that buys nothing (docs/decisions/0015-subscriptions-and-billing.md, "Money that buys nothing"): a
// hosted page paid after its checkout was replaced, abandoned or expired, a second transaction for a payment
// already settled, or a payment the subscription could not take. Such money is never applied as a purchase
// (a replayed old page must not buy a week of whatever plan the listing has now). It is recorded in the same
// batch as the notification's event id, refunded through the provider (at once from the webhook, and by the
// cron until the provider has answered), and listed for administrators on /admin/subscriptions.
import { and, desc, eq, lte, ne, or, sql } from "drizzle-orm";
import { isId, newId } from "~/platform/data/ids";
import { parseGiveUpReason } from "./lookups";
import { auditInsert, CHANGED } from "~/features/audit/audit.server";
import { getDb, schema } from "~/platform/data/db.server";
import type { Db, DbEnv } from "~/platform/data/db.server";
import { ProviderUnavailableError } from "./gateway.server";
import type { PaymentGateway, PaymentNotification } from "./gateway.server";

const u = schema.unappliedPayments;
const p = schema.payments;

/** Per run: the rest wait for the next cron run. */
const REFUND_BATCH = 20;
/** A claim older than this was lost with its Worker: the provider is asked again. */
const SENDING_STALE_MS = 10 * 60 * 1000;

export const UNAPPLIED_REASON = {
  closed: (failure: string | null) => `Paid after the payment was closed (${failure ?? "closed"})`,
  second: "A second transaction for a payment already paid",
  deleted: "The listing was deleted",
  refused: (why: string) => `The subscription could not take it: ${why}`,
} as const;

type PaymentRow = typeof p.$inferSelect;

/** The statement that records `n`'s money as bought nothing, for the notification's batch. */
export function unappliedInsert(db: Db, payment: PaymentRow, n: PaymentNotification, reason: string, now: number) {
  return db.insert(u).values({
    id: newId(),
    paymentId: payment.id,
    listingId: payment.listingId,
    userId: payment.userId,
    provider: payment.provider,
    providerRef: n.providerRef,
    amountCents: n.amountCents,
    currency: n.currency,
    reason,
    refundState: "due",
    receivedAt: now,
    updatedAt: now,
  });
}

/** True when this transaction of the provider is already recorded as money that bought nothing. */
export async function isRecordedUnapplied(db: Db, provider: string, providerRef: string): Promise<boolean> {
  const [row] = await db
    .select({ id: u.id })
    .from(u)
    .where(and(eq(u.provider, provider), eq(u.providerRef, providerRef)))
    .limit(1);
  return Boolean(row);
}

export type RefundRun = { refunded: number; pending: number; manual: number; unreachable: number };

/**
 * Sends every refund that is due (and retakes claims lost with their Worker). Each is claimed by a conditional
 * UPDATE first, so two runs (the webhook's and the cron's) never refund one transaction twice. Unreachable:
 * back to due, for the next run. Refused: left to an administrator ('manual'), with the provider's reason.
 */
export async function refundUnapplied(env: DbEnv, gateway: PaymentGateway, now = Date.now()): Promise<RefundRun> {
  const db = getDb(env);
  const run: RefundRun = { refunded: 0, pending: 0, manual: 0, unreachable: 0 };
  const due = await db
    .select()
    .from(u)
    .where(
      and(
        eq(u.provider, gateway.name),
        or(eq(u.refundState, "due"), and(eq(u.refundState, "sending"), lte(u.updatedAt, now - SENDING_STALE_MS))),
      ),
    )
    .orderBy(u.updatedAt)
    .limit(REFUND_BATCH);
  for (const row of due) {
    const claimed = await db
      .update(u)
      .set({ refundState: "sending", updatedAt: now })
      .where(and(eq(u.id, row.id), eq(u.refundState, row.refundState), eq(u.updatedAt, row.updatedAt)))
      .returning({ id: u.id });
    if (claimed.length === 0) continue;
    const step = await sendRefund(gateway, row);
    run[step.counted]++;
    await db
      .update(u)
      .set({
        refundState: step.state,
        ...(step.refundRef === undefined ? {} : { refundRef: step.refundRef }),
        refundNote: step.note,
        updatedAt: now,
      })
      .where(eq(u.id, row.id));
  }
  return run;
}

/** Where one refund stands after asking the provider, and which of the run's counts it adds to. */
type RefundStep = {
  counted: keyof RefundRun;
  state: "due" | "manual" | "refunded" | "pending";
  note: string | null;
  refundRef?: string;
};

async function sendRefund(gateway: PaymentGateway, row: typeof u.$inferSelect): Promise<RefundStep> {
  let result;
  try {
    result = await gateway.refund({
      reference: row.paymentId,
      providerRef: row.providerRef,
      amountCents: row.amountCents,
      currency: "NZD",
    });
  } catch (error) {
    if (!(error instanceof ProviderUnavailableError)) throw error;
    return { counted: "unreachable", state: "due", note: error.message.slice(0, 200) };
  }
  if (result.status === "failed") return { counted: "manual", state: "manual", note: result.reason.slice(0, 200) };
  const state = result.status === "succeeded" ? "refunded" : "pending";
  return { counted: state, state, note: null, refundRef: result.providerRef };
}

/** A stray payment still to refund (the list below, and the admin home's count). */
export const notRefunded = ne(u.refundState, "refunded");

/** For administrators: every stray payment not yet refunded, then the latest refunded ones. */
export async function loadUnappliedPayments(env: DbEnv) {
  const l = schema.listings;
  const users = schema.users;
  const columns = {
    id: u.id,
    reference: u.paymentId,
    name: l.firstName,
    email: users.email,
    amountCents: u.amountCents,
    reason: u.reason,
    refundState: u.refundState,
    refundNote: u.refundNote,
    receivedAt: u.receivedAt,
  };
  const db = getDb(env);
  const [open, done] = await db.batch([
    db
      .select(columns)
      .from(u)
      .leftJoin(l, eq(l.id, u.listingId))
      .leftJoin(users, eq(users.id, u.userId))
      .where(notRefunded)
      .orderBy(u.receivedAt)
      .limit(100),
    db
      .select(columns)
      .from(u)
      .leftJoin(l, eq(l.id, u.listingId))
      .leftJoin(users, eq(users.id, u.userId))
      .where(eq(u.refundState, "refunded"))
      .orderBy(desc(u.receivedAt))
      .limit(20),
  ]);
  return [...open, ...done];
}

/**
 * Whether a provider's id names one of our payments that could have been paid: an open payment, or a checkout
 * closed no longer ago than its hosted page could still take payment (a late payment is refunded, so it must
 * still be heard). The webhook asks the provider about nothing else.
 */
export async function payableRef(
  env: DbEnv,
  providerRef: string,
  pageLifetimeMs: number,
  now = Date.now(),
): Promise<boolean> {
  const [row] = await getDb(env)
    .select({ id: p.id })
    .from(p)
    .where(
      and(
        eq(p.providerRef, providerRef),
        // Open, or closed (failed or succeeded) within a page's lifetime.
        or(eq(p.status, "open"), sql`${p.updatedAt} > ${now - pageLifetimeMs}`),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/**
 * An administrator refunded it in the provider's portal (the provider refused ours, or has not decided for
 * days): it leaves the list, with the reason on the audit log in the same batch.
 */
export async function markRefunded(
  env: DbEnv,
  admin: { id: string; isAdmin: boolean },
  idValue: unknown,
  reasonValue: unknown,
  now = Date.now(),
): Promise<{ ok: true; message: string } | { ok: false; status: 400 | 403 | 404; error: string }> {
  if (!admin.isAdmin) return { ok: false, status: 403, error: "Administrators only." };
  if (!isId(idValue)) return { ok: false, status: 404, error: "Payment not found." };
  // The same rule as every administrator's reason for a payment ("Give up"): 1 to 200 characters.
  const reason = parseGiveUpReason(reasonValue);
  if (!reason) {
    return { ok: false, status: 400, error: "Give a reason (up to 200 characters): it goes on the audit log." };
  }
  const db = getDb(env);
  const [row] = await db.select().from(u).where(eq(u.id, idValue)).limit(1);
  if (!row) return { ok: false, status: 404, error: "Payment not found." };
  if (row.refundState === "refunded") return { ok: true, message: "It was already refunded." };
  await db.batch([
    db
      .update(u)
      .set({ refundState: "refunded", refundNote: `By an administrator: ${reason}`, updatedAt: now })
      .where(and(eq(u.id, row.id), ne(u.refundState, "refunded"))),
    auditInsert(
      db,
      { adminId: admin.id, action: "mark_refunded", listingId: row.listingId, detail: `${row.paymentId}: ${reason}` },
      now,
      CHANGED,
    ),
  ]);
  return { ok: true, message: "Marked as refunded." };
}
