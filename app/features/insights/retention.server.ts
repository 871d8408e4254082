// Daily insights are kept 400 days; older days are folded into one row per listing per month (and the per-photo
// rows, which only the last 90 days show, go), in one D1 batch so no count is lost or counted twice.
import { countDay } from "~/platform/http/client-address";

export const DAILY_KEEP_DAYS = 400;

const FOLD = `INSERT INTO listing_monthly_insights (listing_id, month, impressions, views, photo_opens, contacts, likes, favourites)
  SELECT listing_id, substr(day, 1, 7), SUM(impressions), SUM(views), SUM(photo_opens), SUM(contacts), SUM(likes), SUM(favourites)
  FROM listing_daily WHERE day < ?1 GROUP BY listing_id, substr(day, 1, 7)
  ON CONFLICT(listing_id, month) DO UPDATE SET impressions = impressions + excluded.impressions,
    views = views + excluded.views, photo_opens = photo_opens + excluded.photo_opens, contacts = contacts + excluded.contacts,
    likes = likes + excluded.likes, favourites = favourites + excluded.favourites`;

/** Folds the days before the 400-day cutoff into months. Answers how many daily rows were folded. */
export async function foldOldInsights(env: Pick<Env, "DB">, now: number): Promise<number> {
  const cutoff = countDay(now - DAILY_KEEP_DAYS * 86_400_000);
  const [, removed] = await env.DB.batch([
    env.DB.prepare(FOLD).bind(cutoff),
    env.DB.prepare("DELETE FROM listing_daily WHERE day < ?1").bind(cutoff),
    env.DB.prepare("DELETE FROM listing_photo_daily WHERE day < ?1").bind(cutoff),
    env.DB.prepare("DELETE FROM listing_region_daily WHERE day < ?1").bind(cutoff),
  ]);
  return removed.meta.changes ?? 0;
}
