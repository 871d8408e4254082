// Daily insights are kept 400 days; older days are folded into one row per listing per month (and the per-photo
// rows, which only the last 90 days show, go), in one D1 batch so no count is lost or counted twice.
import { countDay } from "~/platform/http/client-address";
import { addDays } from "~/platform/time/nz-time";
import { sqlStatement } from "~/platform/data/db.server";
import type { DbEnv } from "~/platform/data/db.server";

export const DAILY_KEEP_DAYS = 400;

const FOLD = `INSERT INTO listing_monthly_insights (listing_id, month, impressions, views, photo_opens, contacts, likes, favourites)
  SELECT listing_id, substr(day, 1, 7), SUM(impressions), SUM(views), SUM(photo_opens), SUM(contacts), SUM(likes), SUM(favourites)
  FROM listing_daily WHERE day < ?1 GROUP BY listing_id, substr(day, 1, 7)
  ON CONFLICT(listing_id, month) DO UPDATE SET impressions = impressions + excluded.impressions,
    views = views + excluded.views, photo_opens = photo_opens + excluded.photo_opens, contacts = contacts + excluded.contacts,
    likes = likes + excluded.likes, favourites = favourites + excluded.favourites`;

// The running totals (docs/decisions/0039-running-totals.md) lose their old days too, all but the last one
// before the cutoff: a range's sums subtract the last total before the range, which may be that one.
const PRUNE_PHOTO_RUNNING = `DELETE FROM listing_photo_running WHERE day < ?1 AND day < (
  SELECT MAX(r.day) FROM listing_photo_running r
  WHERE r.listing_id = listing_photo_running.listing_id AND r.photo = listing_photo_running.photo AND r.day < ?1)`;
const PRUNE_REGION_RUNNING = `DELETE FROM listing_region_running WHERE day < ?1 AND day < (
  SELECT MAX(r.day) FROM listing_region_running r
  WHERE r.listing_id = listing_region_running.listing_id AND r.region = listing_region_running.region AND r.day < ?1)`;

/** The first NZ day whose daily rows are kept at `now`: the rows of the days before it are folded into months. */
export function firstDayKept(now: number): string {
  return addDays(countDay(now), -DAILY_KEEP_DAYS);
}

/** Folds the days before the 400-day cutoff into months. Answers how many daily rows were folded. */
export async function foldOldInsights(env: DbEnv, now: number): Promise<number> {
  const cutoff = firstDayKept(now);
  const [, removed] = await env.DB.batch(
    [
      FOLD,
      "DELETE FROM listing_daily WHERE day < ?1",
      "DELETE FROM listing_photo_daily WHERE day < ?1",
      "DELETE FROM listing_region_daily WHERE day < ?1",
      PRUNE_PHOTO_RUNNING,
      PRUNE_REGION_RUNNING,
    ].map((text) => sqlStatement(env.DB, text, [cutoff])),
  );
  return removed.meta.changes ?? 0;
}
