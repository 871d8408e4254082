// Likes: one per visitor per listing, enforced by the likes table's primary key rather than by a
// read-then-write, so double clicks and parallel requests cannot count twice.
import { isId } from "~/lib/ids";
import { counterStatement } from "./stats.server";

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
): Promise<LikeResult> {
  if (!isId(modelId)) throw new ListingUnavailableError();
  const db = env.DB;
  const live = "EXISTS (SELECT 1 FROM listings WHERE id = ?1 AND live = 1)";
  const likeRow = "EXISTS (SELECT 1 FROM likes WHERE listing_id = ?1 AND visitor_id = ?4)";
  const statements = liked
    ? [
        counterStatement(db, "likes", modelId, 1, now, { sql: `${live} AND NOT ${likeRow}`, binds: [visitorId] }),
        db
          .prepare(`INSERT OR IGNORE INTO likes (listing_id, visitor_id, created_at) SELECT ?1, ?2, ?3 WHERE ${live}`)
          .bind(modelId, visitorId, now),
      ]
    : [
        counterStatement(db, "likes", modelId, -1, now, { sql: `${live} AND ${likeRow}`, binds: [visitorId] }),
        db.prepare(`DELETE FROM likes WHERE listing_id = ?1 AND visitor_id = ?2 AND ${live}`).bind(modelId, visitorId),
      ];
  const [gate, , write, total] = await db.batch<{ live?: number; n?: number }>([
    db.prepare("SELECT live FROM listings WHERE id = ?").bind(modelId),
    ...statements,
    db.prepare("SELECT COUNT(*) AS n FROM likes WHERE listing_id = ?").bind(modelId),
  ]);
  if (gate.results[0]?.live !== 1) throw new ListingUnavailableError();
  const changed = (write.meta.changes ?? 0) > 0;
  return { liked, likes: Number(total.results[0]?.n ?? 0), changed };
}

/** The listing's total likes (the like button's count). */
export async function countLikes(env: Pick<Env, "DB">, modelId: string): Promise<number> {
  const row = await env.DB.prepare("SELECT COUNT(*) AS n FROM likes WHERE listing_id = ?").bind(modelId).first<{ n: number }>();
  return Number(row?.n ?? 0);
}
