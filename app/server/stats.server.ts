// Monthly listing statistics (views, contacts, likes): one row per listing and UTC month, bumped with
// an upsert so two visitors at once cannot lose a count (no read-then-write).
import { monthKey } from "~/lib/stats";

type Counter = "views" | "contacts" | "likes";

/**
 * An upsert that adds `delta` to one counter of the month's row, only when `condition` (SQL over the
 * listing id, bound after the insert values) holds. The insert runs as INSERT ... SELECT ... WHERE so a
 * deleted or hidden listing gets no row (and no foreign-key error). Never below 0.
 */
export function counterStatement(
  db: D1Database,
  counter: Counter,
  modelId: string,
  delta: number,
  now: number,
  condition: { sql: string; binds: unknown[] },
): D1PreparedStatement {
  // `counter` comes from the union above, never from input.
  return db
    .prepare(
      `INSERT INTO listing_stats (listing_id, month, ${counter})
       SELECT ?1, ?2, max(0, ?3) WHERE ${condition.sql}
       ON CONFLICT (listing_id, month) DO UPDATE SET ${counter} = max(0, ${counter} + ?3)`,
    )
    .bind(modelId, monthKey(now), delta, ...condition.binds);
}

// Placeholders ?4.. follow the three bound by counterStatement.
const listingExists = { sql: "EXISTS (SELECT 1 FROM listings WHERE id = ?1)", binds: [] };
const listingIsLive = { sql: "EXISTS (SELECT 1 FROM listings WHERE id = ?1 AND live = 1)", binds: [] };

/** Counts one profile view (callers skip bots). False when the listing does not exist. */
export async function recordView(env: Pick<Env, "DB">, modelId: string, now = Date.now()): Promise<boolean> {
  const res = await counterStatement(env.DB, "views", modelId, 1, now, listingExists).run();
  return res.meta.changes > 0;
}

/** Counts one contact click on a live listing. False (nothing stored) when it is missing or hidden. */
export async function recordContact(env: Pick<Env, "DB">, modelId: string, now = Date.now()): Promise<boolean> {
  const res = await counterStatement(env.DB, "contacts", modelId, 1, now, listingIsLive).run();
  return res.meta.changes > 0;
}

/** Adds `delta` (+1 or -1) to the month's like count, never going below 0. */
export async function adjustLikes(env: Pick<Env, "DB">, modelId: string, delta: number, now = Date.now()): Promise<void> {
  await counterStatement(env.DB, "likes", modelId, delta, now, listingExists).run();
}
