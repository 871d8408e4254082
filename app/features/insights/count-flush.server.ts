// The count queue's consumer: a batch of windows becomes, in one D1 batch (one transaction), the day's marks and
// the sums they add to the aggregate rows (docs/decisions/0024-counting-off-the-request-path.md). A retried
// batch finds its marks already there and adds nothing twice; a failed one is retried with a growing delay.
import { chunks, marksOf, readCountMessage } from "./count-events";
import type { CountMark } from "./count-events";
import { sqlStatement } from "~/platform/data/db.server";
import type { DbEnv } from "~/platform/data/db.server";

export const COUNT_QUEUE = "nz-listings-counts";
/** Marks per INSERT statement (they travel as one JSON parameter; a statement may be 100 KB). */
const MARKS_PER_STATEMENT = 300;

const INSERT_MARKS = `INSERT INTO count_marks (key, holder, day, flush, listing_id, kind, photo)
  SELECT json_extract(value, '$.key'), '', json_extract(value, '$.day'), ?1, json_extract(value, '$.listing'),
    json_extract(value, '$.kind'), json_extract(value, '$.photo')
  FROM json_each(?2) WHERE true
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

/** The queue handler: one D1 batch for the whole queue batch; on failure every message is retried. */
export async function consumeCounts(batch: MessageBatch<unknown>, env: DbEnv): Promise<void> {
  const items = batch.messages.flatMap((message) => readCountMessage(message.body));
  try {
    await flushMarks(env.DB, marksOf(items));
    batch.ackAll();
  } catch (error) {
    const attempts = Math.max(1, ...batch.messages.map((m) => m.attempts));
    console.error(`counts: flush of ${batch.messages.length} messages failed (attempt ${attempts})`, error);
    batch.retryAll({ delaySeconds: retryDelaySeconds(attempts) });
  }
}
