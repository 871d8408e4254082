// The Safety Net's retention, run by the cron (workers/app.ts scheduled) with the trigger's time: published
// alerts 12 months after publication and declined reports 30 days after the decision are deleted with their
// hashes (ON DELETE CASCADE), daily check totals after two days, handled correction requests after 30 days.
// Withdrawn reports and removed alerts never wait for this: they are deleted at once. Idempotent, so a
// missed or repeated run is safe (docs/decisions/0023-safety-net.md).
import { and, eq, lt, lte, isNotNull } from "drizzle-orm";
import { addDays, nzDate } from "~/platform/time/nz-time";
import { getDb, schema } from "~/platform/data/db.server";
import { CHECK_TOTAL_DAYS, HANDLED_CORRECTION_DAYS, daysAfter } from "./retention";
import type { DbEnv } from "~/platform/data/db.server";

export type SafetySweep = { reports: number; checks: number; corrections: number };

export async function sweepSafetyNet(env: DbEnv, now: number): Promise<SafetySweep> {
  const db = getDb(env);
  const r = schema.safetyReports;
  const c = schema.safetyChecks;
  const k = schema.safetyCorrections;
  const [reports, checks, corrections] = await db.batch([
    // Published and declined reports carry their expiry; pending ones have none and wait for a decision.
    db.delete(r).where(and(isNotNull(r.expiresAt), lte(r.expiresAt, now))),
    db.delete(c).where(lt(c.day, addDays(nzDate(now), 1 - CHECK_TOTAL_DAYS))),
    db.delete(k).where(and(eq(k.status, "handled"), lt(k.handledAt, daysAfter(now, -HANDLED_CORRECTION_DAYS)))),
  ]);
  return { reports: reports.meta.changes, checks: checks.meta.changes, corrections: corrections.meta.changes };
}
