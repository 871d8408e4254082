// Likes: one per browser per listing, enforced by the likes table's primary key rather than by a
// read-then-write, so double clicks and parallel requests cannot count twice; counted once per address a day.
import { and, count, eq, exists, not, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { isId } from "~/platform/data/ids";
import { countDay } from "~/platform/http/client-address";
import { getDb, insertWhere, schema } from "~/platform/data/db.server";
import { counterStatement, countMarkKey } from "~/features/insights/stats.server";
import type { DbEnv } from "~/platform/data/db.server";

const l = schema.listings;
const lk = schema.likes;
const cm = schema.countMarks;

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
  env: DbEnv,
  listingId: string,
  visitorId: string,
  liked: boolean,
  now = Date.now(),
  countingVisitor?: string,
): Promise<LikeResult> {
  if (!isId(listingId)) throw new ListingUnavailableError();
  const db = getDb(env);
  const one = { one: sql`1` };
  const live = exists(
    db
      .select(one)
      .from(l)
      .where(and(eq(l.id, listingId), eq(l.live, true))),
  );
  const likeRow = exists(
    db
      .select(one)
      .from(lk)
      .where(and(eq(lk.listingId, listingId), eq(lk.visitorId, visitorId))),
  );
  // With a counting visitor (the client address), the first browser id to like a listing from that address
  // in a day claims the day's mark, and only its like is counted; another browser's like from the same address
  // that day is stored all the same, for that browser's own heart, and counts nothing (a new browser id is free,
  // an address is not). The holder may unlike and like again: a toggle, not a new count.
  const markKey = countingVisitor ? countMarkKey("likes", listingId, countingVisitor, now) : null;
  const held = markKey
    ? exists(
        db
          .select(one)
          .from(cm)
          .where(and(eq(cm.key, markKey), eq(cm.holder, visitorId))),
      )
    : sql`1`;
  const mark = markKey
    ? [insertWhere(db, cm, { key: markKey, holder: visitorId, day: countDay(now) }, live).onConflictDoNothing()]
    : [];
  const countedRow = exists(
    db
      .select(one)
      .from(lk)
      .where(and(eq(lk.listingId, listingId), eq(lk.visitorId, visitorId), eq(lk.counted, true))),
  );
  const statements: BatchItem<"sqlite">[] = liked
    ? [
        ...mark,
        counterStatement(db, "likes", listingId, 1, now, and(live, not(likeRow), held)!),
        insertWhere(
          db,
          lk,
          { listingId, visitorId, createdAt: now, counted: sql`${held}` },
          live,
        ).onConflictDoNothing(),
      ]
    : [
        counterStatement(db, "likes", listingId, -1, now, and(live, countedRow)!),
        db.delete(lk).where(and(eq(lk.listingId, listingId), eq(lk.visitorId, visitorId), live)),
      ];
  const results = await db.batch([
    db.select({ live: l.live }).from(l).where(eq(l.id, listingId)),
    ...statements,
    db
      .select({ n: sql<number>`COALESCE(SUM(${lk.counted}), 0)`, liked: sql<number>`${likeRow}` })
      .from(lk)
      .where(eq(lk.listingId, listingId)),
  ]);
  const [gate] = results[0];
  const write = results[results.length - 2] as D1Result;
  const [total] = results[results.length - 1] as { n: number; liked: number }[];
  if (gate?.live !== true) throw new ListingUnavailableError();
  const changed = (write.meta.changes ?? 0) > 0;
  return { liked: total?.liked === 1, likes: total?.n ?? 0, changed };
}

/** The listing's total likes (the like button's count). */
export async function countLikes(env: DbEnv, listingId: string): Promise<number> {
  const [row] = await getDb(env)
    .select({ n: count() })
    .from(lk)
    .where(and(eq(lk.listingId, listingId), eq(lk.counted, true)));
  return row?.n ?? 0;
}
