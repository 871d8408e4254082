// The count queue's consumer: a batch of windows becomes, in D1 batches (one transaction each), the day's marks
// and the sums they add to the aggregate rows (docs/decisions/0024-counting-off-the-request-path.md). The
// server's lane (views, contact taps, likes) is written apart from the browsers' lane, and first, so a flush of
// impressions that fails cannot hold them back (docs/decisions/0044-counting-keys-lanes-and-bytes.md). A retried
// batch finds its marks already there and adds nothing twice; a failed one is retried with a growing delay.
import { chunks, marksOf } from "./count-events";
import type { CountItem, CountMark } from "./count-events";
import { COUNT_LANES, readCountMessage } from "./count-wire";
import { sqlStatement } from "~/platform/data/db.server";
import type { DbEnv } from "~/platform/data/db.server";

export const COUNT_QUEUE = "nz-listings-counts";
/** Marks per INSERT statement (they travel as one JSON parameter; a statement may be 100 KB). */
const MARKS_PER_STATEMENT = 300;
/** Marks per D1 batch: a queue batch of full messages is written in several, each whole or not at all. */
const MARKS_PER_FLUSH = 3_000;

// A photo counts only when it is one the listing shows now: its cover, or one of its public photos (the
// r2_key index finds it). Anything else a beacon names (a made-up key, another listing's photo, a hidden
// one) is not kept: a photo open or card open of it is no mark at all, and an impression keeps its mark
// without the photo. Checked here, in the flush's own statement, so the beacon's request reads nothing.
const INSERT_MARKS = `INSERT INTO count_marks (key, holder, day, flush, listing_id, kind, photo)
  SELECT m.key, '', m.day, ?1, m.listing, m.kind, CASE WHEN m.current THEN m.photo END
  FROM (SELECT json_extract(j.value, '$.key') AS key, json_extract(j.value, '$.day') AS day,
      json_extract(j.value, '$.listing') AS listing, json_extract(j.value, '$.kind') AS kind,
      json_extract(j.value, '$.photo') AS photo,
      EXISTS (SELECT 1 FROM listings l WHERE l.id = json_extract(j.value, '$.listing')
          AND l.cover_key = json_extract(j.value, '$.photo'))
        OR EXISTS (SELECT 1 FROM listing_images i WHERE i.r2_key = json_extract(j.value, '$.photo')
          AND i.listing_id = json_extract(j.value, '$.listing') AND i.public = 1) AS current
    FROM json_each(?2) j) m
  WHERE m.photo IS NULL OR m.current OR m.kind NOT IN ('photo', 'open')
  ON CONFLICT(key) DO NOTHING`;

// Only marks of listings that still exist are added up (a listing deleted meanwhile gets no row).
const ADD_DAILY = `INSERT INTO listing_daily (listing_id, day, impressions, views, photo_opens, contacts, likes, favourites)
  SELECT m.listing_id, m.day, SUM(m.kind = 'impression'), SUM(m.kind = 'view'), SUM(m.kind = 'photo'),
    SUM(m.kind = 'contact'), SUM(m.kind = 'like'), SUM(m.kind = 'favourite')
  FROM count_marks m JOIN listings l ON l.id = m.listing_id
  WHERE m.flush = ?1 AND m.kind <> 'open' GROUP BY m.listing_id, m.day
  ON CONFLICT(listing_id, day) DO UPDATE SET impressions = impressions + excluded.impressions,
    views = views + excluded.views, photo_opens = photo_opens + excluded.photo_opens,
    contacts = contacts + excluded.contacts, likes = likes + excluded.likes, favourites = favourites + excluded.favourites`;

// A card open counts for the cover the card showed (docs/decisions/0033-cover-rotation.md).
const ADD_PHOTOS = `INSERT INTO listing_photo_daily (listing_id, day, photo, shown, opened, card_opens)
  SELECT m.listing_id, m.day, m.photo, SUM(m.kind = 'impression'), SUM(m.kind = 'photo'), SUM(m.kind = 'open')
  FROM count_marks m JOIN listings l ON l.id = m.listing_id
  WHERE m.flush = ?1 AND m.photo IS NOT NULL GROUP BY m.listing_id, m.day, m.photo
  ON CONFLICT(listing_id, day, photo) DO UPDATE SET shown = shown + excluded.shown, opened = opened + excluded.opened,
    card_opens = card_opens + excluded.card_opens`;

// The dashboard's monthly views (listing_stats) move with the same marks.
const ADD_MONTHLY_VIEWS = `INSERT INTO listing_stats (listing_id, month, views)
  SELECT m.listing_id, substr(m.day, 1, 7), COUNT(*)
  FROM count_marks m JOIN listings l ON l.id = m.listing_id
  WHERE m.flush = ?1 AND m.kind = 'view' GROUP BY m.listing_id, substr(m.day, 1, 7)
  ON CONFLICT(listing_id, month) DO UPDATE SET views = views + excluded.views`;

// A new view mark's region, from the JSON the flush was given (never stored with the mark), into the day's
// count for that region (docs/decisions/0032-region-breakdown.md).
const ADD_REGIONS = `INSERT INTO listing_region_daily (listing_id, day, region, views)
  SELECT m.listing_id, m.day, json_extract(j.value, '$.region'), COUNT(*)
  FROM json_each(?2) j JOIN count_marks m ON m.key = json_extract(j.value, '$.key')
  JOIN listings l ON l.id = m.listing_id
  WHERE m.flush = ?1 AND m.kind = 'view' GROUP BY m.listing_id, m.day, json_extract(j.value, '$.region')
  ON CONFLICT(listing_id, day, region) DO UPDATE SET views = views + excluded.views`;

/** Writes `marks` and what they add, all or nothing. Returns the number of marks that were new. */
export async function flushMarks(db: D1Database, marks: CountMark[], flush = crypto.randomUUID()): Promise<number> {
  if (marks.length === 0) return 0;
  const inserts = chunks(marks, MARKS_PER_STATEMENT).map((part) =>
    sqlStatement(db, INSERT_MARKS, [flush, JSON.stringify(part)]),
  );
  const views = marks.filter((m) => m.kind === "view").map((m) => ({ key: m.key, region: m.region ?? "unknown" }));
  const regions = chunks(views, MARKS_PER_STATEMENT).map((part) =>
    sqlStatement(db, ADD_REGIONS, [flush, JSON.stringify(part)]),
  );
  const results = await db.batch([
    ...inserts,
    ...regions,
    sqlStatement(db, ADD_DAILY, [flush]),
    sqlStatement(db, ADD_PHOTOS, [flush]),
    sqlStatement(db, ADD_MONTHLY_VIEWS, [flush]),
  ]);
  return results.slice(0, inserts.length).reduce((n, r) => n + (r.meta.changes ?? 0), 0);
}

/** Seconds before a failed batch is tried again: 10 s, then longer, up to 5 minutes. */
export function retryDelaySeconds(attempts: number): number {
  return Math.min(300, 10 * 2 ** Math.max(0, attempts - 1));
}

/** Writes `marks` in D1 batches of MARKS_PER_FLUSH, each all or nothing; a failure stops and throws. */
export async function flushAllMarks(db: D1Database, marks: CountMark[]): Promise<number> {
  let added = 0;
  for (const part of chunks(marks, MARKS_PER_FLUSH)) added += await flushMarks(db, part);
  return added;
}

/**
 * The queue handler: each lane's messages in D1 batches of their own, the server's lane first. Acknowledged
 * whole when all went in; otherwise the lane that failed is retried, later, and the other is acknowledged.
 */
export async function consumeCounts(batch: MessageBatch<unknown>, env: DbEnv): Promise<void> {
  const read = batch.messages.map((message) => ({ message, ...readCountMessage(message.body) }));
  const failed: Message<unknown>[] = [];
  for (const lane of COUNT_LANES) {
    const mine = read.filter((r) => r.lane === lane);
    if (mine.length === 0) continue;
    try {
      await flushAllMarks(env.DB, marksOf(mine.flatMap((r): CountItem[] => r.items)));
    } catch (error) {
      const attempts = Math.max(1, ...mine.map((r) => r.message.attempts));
      console.error(`counts: flush of ${mine.length} ${lane} messages failed (attempt ${attempts})`, error);
      failed.push(...mine.map((r) => r.message));
    }
  }
  if (failed.length === 0) return batch.ackAll();
  const delaySeconds = retryDelaySeconds(Math.max(1, ...failed.map((m) => m.attempts)));
  if (failed.length === batch.messages.length) return batch.retryAll({ delaySeconds });
  for (const message of batch.messages) {
    if (failed.includes(message)) message.retry({ delaySeconds });
    else message.ack();
  }
}
