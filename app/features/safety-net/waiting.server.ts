// How much waits in the Safety Net's two queues, for the administrators' home (docs/decisions/0023-safety-net.md):
// reports waiting for a decision and correction requests not yet handled, each with when the oldest arrived and
// how many have passed the 48-hour promise. The conditions are the administrators' screen's own
// (moderation.server.ts, loadModeration), so a number on the home is the number of cards there.
import { count, eq, inArray, min, sql } from "drizzle-orm";
import type { SQL } from "drizzle-orm";
import { getDb, schema } from "~/platform/data/db.server";
import type { Db, DbEnv } from "~/platform/data/db.server";
import { REVIEW_HOURS } from "./retention";

const r = schema.safetyReports;
const c = schema.safetyCorrections;

export type Waiting = {
  count: number;
  /** When the oldest one arrived; null when none waits. */
  oldestAt: number | null;
  /** How many have waited longer than the promise. */
  overdue: number;
  /** The promise, in hours. */
  promiseHours: number;
};

function waitingQuery(db: Db, table: typeof r | typeof c, waits: SQL | undefined, now: number) {
  const promise = now - REVIEW_HOURS * 3_600_000;
  return db
    .select({
      count: count(),
      oldestAt: min(table.createdAt),
      overdue: sql<number>`coalesce(sum(${table.createdAt} < ${promise}), 0)`,
    })
    .from(table)
    .where(waits);
}

/**
 * The two counts' statements, in one D1 batch: reports waiting (a question asked of the reporter keeps one
 * waiting), then correction requests still open.
 */
function safetyNetWaitingQueries(db: Db, now: number) {
  return [
    waitingQuery(db, r, inArray(r.status, ["pending", "question"]), now),
    waitingQuery(db, c, eq(c.status, "open"), now),
  ] as const;
}

/** One count's row as the home shows it. */
function waitingOf(rows: { count: number; oldestAt: number | null; overdue: number }[]): Waiting {
  const row = rows[0];
  return {
    count: row?.count ?? 0,
    oldestAt: row?.oldestAt ?? null,
    overdue: Number(row?.overdue ?? 0),
    promiseHours: REVIEW_HOURS,
  };
}

/** What waits in the Safety Net's two queues, for the administrators' home. */
export async function loadSafetyNetWaiting(
  env: DbEnv,
  now: number,
): Promise<{ reports: Waiting; corrections: Waiting }> {
  const db = getDb(env);
  const [reports, corrections] = await db.batch(safetyNetWaitingQueries(db, now));
  return { reports: waitingOf(reports), corrections: waitingOf(corrections) };
}
