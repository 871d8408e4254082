// The Safety Net's retention, run by the cron (workers/app.ts scheduled) with the trigger's time: published
// alerts 12 months after publication and declined reports 30 days after the decision are deleted with their
// hashes (ON DELETE CASCADE), daily check totals after two days, handled correction requests after 30 days and
// open ones nobody handled after 60. Withdrawn reports and removed alerts never wait for this: they are
// deleted at once. Idempotent, so a missed or repeated run is safe (docs/decisions/0023-safety-net.md,
// 0043-safety-net-second-pass.md).
import { and, eq, lt, lte, isNotNull, or, sql } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import { addDays, nzDate } from "~/platform/time/nz-time";
import { getDb, schema } from "~/platform/data/db.server";
import { CHECK_TOTAL_DAYS, HANDLED_CORRECTION_DAYS, OPEN_CORRECTION_DAYS, daysAfter } from "./retention";
import { fieldBinding } from "./reports.server";
import { hasSafetyNetKey, isSealed, sealText } from "./safety-key.server";
import type { DbEnv } from "~/platform/data/db.server";

export type SafetySweep = { reports: number; checks: number; corrections: number; sealed: number };

export async function sweepSafetyNet(env: DbEnv, now: number): Promise<SafetySweep> {
  const db = getDb(env);
  const r = schema.safetyReports;
  const c = schema.safetyCorrections;
  const [reports, checks, handled, open] = await db.batch([
    // Published and declined reports carry their expiry; pending ones have none and wait for a decision.
    db.delete(r).where(and(isNotNull(r.expiresAt), lte(r.expiresAt, now))),
    db.delete(schema.safetyChecks).where(lt(schema.safetyChecks.day, addDays(nzDate(now), 1 - CHECK_TOTAL_DAYS))),
    db.delete(c).where(and(eq(c.status, "handled"), lt(c.handledAt, daysAfter(now, -HANDLED_CORRECTION_DAYS)))),
    db.delete(c).where(and(eq(c.status, "open"), lt(c.createdAt, daysAfter(now, -OPEN_CORRECTION_DAYS)))),
  ]);
  return {
    reports: reports.meta.changes,
    checks: checks.meta.changes,
    corrections: handled.meta.changes + open.meta.changes,
    // Without the key nothing can be sealed; every Safety Net route answers 503 then anyway.
    sealed: hasSafetyNetKey(env) ? await sealOldTexts(env) : 0,
  };
}

/** Rows sealed per run: the texts left in clear are those written before migration 0060, a few at most. */
const SEAL_PER_RUN = 50;

/**
 * Questions, decline reasons and alert texts written before they were sealed (migration 0060) are sealed
 * here, each under its own report and field like a new one. Each UPDATE is guarded by the clear values it
 * read, so an administrator's change in between is never overwritten.
 */
export async function sealOldTexts(env: DbEnv): Promise<number> {
  const db = getDb(env);
  const r = schema.safetyReports;
  const clear = (column: SQLiteColumn) => sql`(${column} <> '' and ${column} not like 'v1.%')`;
  const rows = await db
    .select({ id: r.id, question: r.question, declineReason: r.declineReason, alertText: r.alertText })
    .from(r)
    .where(or(clear(r.question), clear(r.declineReason), clear(r.alertText)))
    .limit(SEAL_PER_RUN);
  const seal = (id: string, field: "question" | "declineReason" | "alertText", value: string) =>
    isSealed(value) ? value : sealText(env, fieldBinding(id, field), value);
  // Sealed first (a drizzle query is a thenable: it must not be returned from an async function unrun).
  const sealed = await Promise.all(
    rows.map(async (row) => ({
      question: await seal(row.id, "question", row.question),
      declineReason: await seal(row.id, "declineReason", row.declineReason),
      alertText: await seal(row.id, "alertText", row.alertText),
    })),
  );
  const updates = rows.map((row, n) =>
    db
      .update(r)
      .set(sealed[n])
      .where(
        and(
          eq(r.id, row.id),
          eq(r.question, row.question),
          eq(r.declineReason, row.declineReason),
          eq(r.alertText, row.alertText),
        ),
      ),
  );
  const [first, ...rest] = updates;
  if (!first) return 0;
  const results = await db.batch([first, ...rest]);
  return results.reduce((n, x) => n + x.meta.changes, 0);
}
