// An administrator's suspension of one account from the Safety Net, and lifting it: while suspended the
// account reads no alerts, checks no number and sends no report, whatever its listings (access.server.ts),
// yet still reads, answers and withdraws its own reports. Each is an admin_audit row in the same batch,
// written only when it changed something (docs/decisions/0043-safety-net-second-pass.md).
import { asc, eq, sql } from "drizzle-orm";
import { CHANGED, auditInsert } from "~/features/audit/audit.server";
import { getDb, insertWhere, schema } from "~/platform/data/db.server";
import type { DbEnv } from "~/platform/data/db.server";
import type { Admin } from "./moderation.server";
import { changedOr } from "./reports.server";
import type { Outcome } from "./reports.server";
import { boundedText } from "./report-rules";

export const SUSPENSION_REASON_MAX = 200;

export const SUSPENSION_MSG = {
  who: "Give the account's e-mail address.",
  noAccount: "No account has that e-mail address.",
  reason: `Give the reason (at most ${SUSPENSION_REASON_MAX} characters).`,
  already: "That account is already suspended from the Safety Net.",
  notSuspended: "That account is not suspended.",
  reporterGone: "That report's account was not found.",
} as const;

export type Suspension = { userId: string; email: string; reason: string; createdAt: number };

const s = schema.safetySuspensions;
const u = schema.users;

/** The account to suspend: by its e-mail address, or as the author of a report in the queue. */
export async function accountFor(env: DbEnv, who: { email?: string; reportId?: string }): Promise<string | null> {
  const db = getDb(env);
  if (who.reportId) {
    const r = schema.safetyReports;
    const [row] = await db.select({ userId: r.userId }).from(r).where(eq(r.id, who.reportId));
    return row?.userId ?? null;
  }
  const email = (who.email ?? "").trim().toLowerCase();
  if (!email) return null;
  // Addresses are stored trimmed and in lower case (accounts/auth-schemas.ts).
  const [row] = await db.select({ id: u.id }).from(u).where(eq(u.email, email));
  return row?.id ?? null;
}

export async function suspendAccount(
  env: DbEnv,
  admin: Admin,
  userId: string,
  reason: string,
  now: number,
): Promise<Outcome> {
  const db = getDb(env);
  const [inserted] = await db.batch([
    insertWhere(
      db,
      s,
      { userId, reason, createdAt: now, createdBy: admin.id },
      sql`not exists (select 1 from ${s} where ${s.userId} = ${userId}) and exists (select 1 from ${u} where ${u.id} = ${userId})`,
    ),
    // The account by its id only: the audit log holds no account data (docs/moderation.md).
    auditInsert(db, { adminId: admin.id, action: "safety_suspend", detail: `${userId}: ${reason}` }, now, CHANGED),
  ]);
  return changedOr(inserted, 409, SUSPENSION_MSG.already);
}

export async function liftSuspension(env: DbEnv, admin: Admin, userId: string, now: number): Promise<Outcome> {
  const db = getDb(env);
  const [deleted] = await db.batch([
    db.delete(s).where(eq(s.userId, userId)),
    auditInsert(db, { adminId: admin.id, action: "safety_lift", detail: userId }, now, CHANGED),
  ]);
  return changedOr(deleted, 409, SUSPENSION_MSG.notSuspended);
}

/** Every suspension, oldest first, with the account's e-mail address for the administrators' list. */
export function loadSuspensions(env: DbEnv): Promise<Suspension[]> {
  return getDb(env)
    .select({ userId: s.userId, email: u.email, reason: s.reason, createdAt: s.createdAt })
    .from(s)
    .innerJoin(u, eq(u.id, s.userId))
    .orderBy(asc(s.createdAt));
}

export type SuspensionOutcome =
  { ok: true; message: string } | { ok: false; status: number; error: string; fieldErrors?: Record<string, string> };

/**
 * The administrators' two forms: suspend (the account by its e-mail address, or the author of a report in
 * the queue, with a reason) and lift (by account id, from the list of suspensions).
 */
export async function suspensionIntent(
  env: DbEnv,
  admin: Admin,
  intent: "suspend" | "lift",
  fields: Record<string, string | undefined>,
  now: number,
): Promise<SuspensionOutcome> {
  if (intent === "lift") {
    const lifted = await liftSuspension(env, admin, fields.userId ?? "", now);
    return lifted.ok ? { ok: true, message: "The suspension is lifted." } : lifted;
  }
  const reason = boundedText(fields.reason, SUSPENSION_REASON_MAX);
  const byReport = !!fields.reportId;
  if (!byReport && !(fields.email ?? "").trim())
    return { ok: false, status: 400, error: SUSPENSION_MSG.who, fieldErrors: { email: SUSPENSION_MSG.who } };
  if (!reason)
    return { ok: false, status: 400, error: SUSPENSION_MSG.reason, fieldErrors: { reason: SUSPENSION_MSG.reason } };
  const userId = await accountFor(env, { email: fields.email, reportId: fields.reportId });
  if (!userId) {
    const error = byReport ? SUSPENSION_MSG.reporterGone : SUSPENSION_MSG.noAccount;
    return { ok: false, status: 404, error, fieldErrors: byReport ? {} : { email: error } };
  }
  const done = await suspendAccount(env, admin, userId, reason, now);
  return done.ok
    ? { ok: true, message: "The account is suspended from the Safety Net: no alerts, checks or new reports." }
    : done;
}
