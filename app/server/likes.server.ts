// Likes: one per visitor per listing, enforced by the likes table's primary key rather than by a
// read-then-write, so double clicks and parallel requests cannot count twice.
import { isId } from "~/lib/ids";
import { countDay } from "~/lib/client-address";
import { counterStatement, countMarkKey } from "./stats.server";

/** The listing is missing or not live: nothing was stored (routes answer 404). */
export class ListingUnavailableError extends Error {
  readonly status = 404;
  constructor() {
    super("Model not found");
    this.name = "ListingUnavailableError";
  }
}

export type LikeResult = { liked: boolean; likes: number; changed: boolean };

/**
 * Likes (liked = true) or unlikes a live listing for one visitor id, in one atomic D1 batch:
 *  - the monthly like counter moves only when the like row really appears or disappears (the counter
 *    update is guarded by the row's absence or presence and runs before the write, in the same batch);
 *  - `likes` is the listing's total number of likes afterwards.
 * Throws ListingUnavailableError when the listing is missing or hidden (nothing is written then: every
 * write is guarded by the same live check).
 */
export async function setLike(
  env: Pick<Env, "DB">,
  modelId: string,
  visitorId: string,
  liked: boolean,
  now = Date.now(),
  countingVisitor?: string,
): Promise<LikeResult> {
  if (!isId(modelId)) throw new ListingUnavailableError();
  const db = env.DB;
  const live = "EXISTS (SELECT 1 FROM listings WHERE id = ?1 AND live = 1)";
  const likeRow = "EXISTS (SELECT 1 FROM likes WHERE listing_id = ?1 AND visitor_id = ?4)";
  // With a counting visitor (the client address), a like holds that visitor's one like of this listing for
  // the day: the first browser id to like claims the mark; the same id may unlike and like again, another
  // id from the same address that day adds nothing (a new browser id is free, an address is not).
  const markKey = countingVisitor ? countMarkKey("likes", modelId, countingVisitor, now) : null;
  const held = markKey ? "EXISTS (SELECT 1 FROM count_marks WHERE key = ?5 AND holder = ?4)" : "1";
  const mark = markKey
    ? [
        db
          .prepare(
            `INSERT OR IGNORE INTO count_marks (key, holder, day) SELECT ?1, ?2, ?3 WHERE ${live.replace("?1", "?4")}`,
          )
          .bind(markKey, visitorId, countDay(now), modelId),
      ]
    : [];
  const statements = liked
    ? [
        ...mark,
        counterStatement(db, "likes", modelId, 1, now, {
          sql: `${live} AND NOT ${likeRow} AND ${held}`,
          binds: markKey ? [visitorId, markKey] : [visitorId],
        }),
        db
          .prepare(
            `INSERT OR IGNORE INTO likes (listing_id, visitor_id, created_at) SELECT ?1, ?2, ?3 WHERE ${live} AND ${held.replace("?4", "?2").replace("?5", "?4")}`,
          )
          .bind(modelId, visitorId, now, ...(markKey ? [markKey] : [])),
      ]
    : [
        counterStatement(db, "likes", modelId, -1, now, { sql: `${live} AND ${likeRow}`, binds: [visitorId] }),
        db.prepare(`DELETE FROM likes WHERE listing_id = ?1 AND visitor_id = ?2 AND ${live}`).bind(modelId, visitorId),
      ];
  const results = await db.batch<{ live?: number; n?: number; liked?: number }>([
    db.prepare("SELECT live FROM listings WHERE id = ?").bind(modelId),
    ...statements,
    db
      .prepare(
        "SELECT COUNT(*) AS n, EXISTS (SELECT 1 FROM likes WHERE listing_id = ?1 AND visitor_id = ?2) AS liked FROM likes WHERE listing_id = ?1",
      )
      .bind(modelId, visitorId),
  ]);
  const gate = results[0];
  const write = results[results.length - 2];
  const total = results[results.length - 1];
  if (gate.results[0]?.live !== 1) throw new ListingUnavailableError();
  const changed = (write.meta.changes ?? 0) > 0;
  return { liked: total.results[0]?.liked === 1, likes: Number(total.results[0]?.n ?? 0), changed };
}

/** The listing's total likes (the like button's count). */
export async function countLikes(env: Pick<Env, "DB">, modelId: string): Promise<number> {
  const row = await env.DB.prepare("SELECT COUNT(*) AS n FROM likes WHERE listing_id = ?")
    .bind(modelId)
    .first<{ n: number }>();
  return Number(row?.n ?? 0);
}
