// Monthly listing statistics (views, contacts, likes): one row per listing and UTC month, bumped with
// an upsert so two visitors at once cannot lose a count (no read-then-write).
import { countDay } from "~/lib/client-address";
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

/** The day's mark of one visitor's count of one kind on one listing (see migration 0014). */
export function countMarkKey(kind: Counter, modelId: string, visitor: string, now: number): string {
  return `${kind}:${modelId}:${visitor}:${countDay(now)}`;
}

/**
 * Bumps `counter` once; with a `visitor`, only the first time that visitor does so on that listing that
 * day: the mark goes in first, and the counter's condition asks that it was new (changes() in one batch).
 */
async function countOnce(
  env: Pick<Env, "DB">,
  counter: Counter,
  modelId: string,
  now: number,
  condition: { sql: string; binds: unknown[] },
  visitor?: string,
) {
  if (!visitor) return (await counterStatement(env.DB, counter, modelId, 1, now, condition).run()).meta.changes > 0;
  const [, counted] = await env.DB.batch([
    env.DB.prepare(
      "INSERT OR IGNORE INTO count_marks (key, day) SELECT ?1, ?2 WHERE EXISTS (SELECT 1 FROM listings WHERE id = ?3)",
    ).bind(countMarkKey(counter, modelId, visitor, now), countDay(now), modelId),
    counterStatement(env.DB, counter, modelId, 1, now, {
      sql: `changes() = 1 AND ${condition.sql}`,
      binds: condition.binds,
    }),
  ]);
  return counted.meta.changes > 0;
}

/** Counts one profile view (callers skip bots). False when the listing does not exist or was counted today. */
export async function recordView(
  env: Pick<Env, "DB">,
  modelId: string,
  now = Date.now(),
  visitor?: string,
): Promise<boolean> {
  return countOnce(env, "views", modelId, now, listingExists, visitor);
}

/**
 * Counts one contact click on a live listing, once per visitor per day. 'missing' (nothing stored) when the
 * listing is missing or hidden; 'repeat' when this visitor was already counted today.
 */
export async function recordContact(
  env: Pick<Env, "DB">,
  modelId: string,
  now = Date.now(),
  visitor?: string,
): Promise<"counted" | "repeat" | "missing"> {
  if (await countOnce(env, "contacts", modelId, now, listingIsLive, visitor)) return "counted";
  const live = await env.DB.prepare("SELECT 1 AS ok FROM listings WHERE id = ? AND live = 1").bind(modelId).first();
  return live ? "repeat" : "missing";
}

/** Marks older than yesterday say nothing any more. */
export async function sweepCountMarks(env: Pick<Env, "DB">, now: number): Promise<void> {
  await env.DB.prepare("DELETE FROM count_marks WHERE day < ?")
    .bind(countDay(now - 24 * 3600 * 1000))
    .run();
}

/** Adds `delta` (+1 or -1) to the month's like count, never going below 0. */
export async function adjustLikes(
  env: Pick<Env, "DB">,
  modelId: string,
  delta: number,
  now = Date.now(),
): Promise<void> {
  await counterStatement(env.DB, "likes", modelId, delta, now, listingExists).run();
}
