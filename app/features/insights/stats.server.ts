// Monthly listing statistics (views, contacts, likes): one row per listing and NZ month (stats.ts), bumped with
// an upsert so two visitors at once cannot lose a count (no read-then-write).
import { and, eq, exists, lt, sql } from "drizzle-orm";
import type { SQL } from "drizzle-orm";
import { countDay } from "~/platform/http/client-address";
import { monthKey } from "./stats";
import { getDb, insertWhere, schema } from "~/platform/data/db.server";
import type { Db, DbEnv } from "~/platform/data/db.server";

const l = schema.listings;
const st = schema.listingStats;
const cm = schema.countMarks;

type Counter = "views" | "contacts" | "likes";

/**
 * An upsert that adds `delta` to one counter of the month's row, only when `condition` holds. The insert
 * runs as INSERT ... SELECT ... WHERE so a deleted or hidden listing gets no row (and no foreign-key error).
 * Never below 0.
 */
export function counterStatement(
  db: Db,
  counter: Counter,
  listingId: string,
  delta: number,
  now: number,
  condition: SQL,
) {
  return insertWhere(
    db,
    st,
    { listingId, month: monthKey(now), [counter]: sql`max(0, ${delta})` },
    condition,
  ).onConflictDoUpdate({
    target: [st.listingId, st.month],
    set: { [counter]: sql`max(0, ${st[counter]} + ${delta})` },
  });
}

const listingExists = (db: Db, listingId: string) =>
  exists(
    db
      .select({ one: sql`1` })
      .from(l)
      .where(eq(l.id, listingId)),
  );
const listingIsLive = (db: Db, listingId: string) =>
  exists(
    db
      .select({ one: sql`1` })
      .from(l)
      .where(and(eq(l.id, listingId), eq(l.live, true))),
  );

/** The day's mark of one visitor's count of one kind on one listing (see migration 0014). */
export function countMarkKey(kind: Counter, listingId: string, visitor: string, now: number): string {
  return `${kind}:${listingId}:${visitor}:${countDay(now)}`;
}

/**
 * Bumps `counter` once; with a `visitor`, only the first time that visitor does so on that listing that
 * day: the mark goes in first, and the counter's condition asks that it was new (changes() in one batch).
 */
async function countOnce(db: Db, counter: Counter, listingId: string, now: number, condition: SQL, visitor?: string) {
  if (!visitor) return (await counterStatement(db, counter, listingId, 1, now, condition)).meta.changes > 0;
  const [, counted] = await db.batch([
    insertWhere(
      db,
      cm,
      { key: countMarkKey(counter, listingId, visitor, now), day: countDay(now) },
      listingExists(db, listingId),
    ).onConflictDoNothing(),
    counterStatement(db, counter, listingId, 1, now, and(sql`changes() = 1`, condition)!),
  ]);
  return counted.meta.changes > 0;
}

/**
 * Counts one contact click on a live listing, once per visitor per day. 'missing' (nothing stored) when the
 * listing is missing or hidden; 'repeat' when this visitor was already counted today.
 */
export async function recordContact(
  env: DbEnv,
  listingId: string,
  now = Date.now(),
  visitor?: string,
): Promise<"counted" | "repeat" | "missing"> {
  const db = getDb(env);
  if (await countOnce(db, "contacts", listingId, now, listingIsLive(db, listingId), visitor)) return "counted";
  const [live] = await db
    .select({ ok: sql`1` })
    .from(l)
    .where(and(eq(l.id, listingId), eq(l.live, true)))
    .limit(1);
  return live ? "repeat" : "missing";
}

/** Marks older than yesterday say nothing any more. */
export async function sweepCountMarks(env: DbEnv, now: number): Promise<void> {
  await getDb(env)
    .delete(cm)
    .where(lt(cm.day, countDay(now - 24 * 3600 * 1000)));
}
