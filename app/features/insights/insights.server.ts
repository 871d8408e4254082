// Reads a provider's insights: only their own listings, only the range's daily rows (at most 90), and the
// range's sums per photo and per region from the running totals (two rows each), whatever the number of
// listings, the length of the range or the age of the table (docs/decisions/0039-running-totals.md).
import { and, asc, eq, gte } from "drizzle-orm";
import { getDb, schema } from "~/platform/data/db.server";
import { countDay } from "~/platform/http/client-address";
import { fillDays, totalsOf, type InsightsView, type PhotoCounts, type Range } from "./insights";
import type { RegionViews } from "./regions";

const l = schema.listings;
const ld = schema.listingDaily;
const DAY_MS = 86_400_000;

// A total since `?2` is the key's last running total minus its last one before `?2`; the keys are walked one
// index step at a time (a recursive MIN), so nothing reads the days between. ?1 is the listing.
const runningSums = (table: string, key: string, columns: string[]) => {
  const last = (column: string, before: boolean) => `coalesce((select ${column} from ${table}
    where listing_id = ?1 and ${key} = keys.${key}${before ? " and day < ?2" : ""} order by day desc limit 1), 0)`;
  return `with recursive keys(${key}) as (
      select (select min(${key}) from ${table} where listing_id = ?1)
      union all
      select (select min(${key}) from ${table} where listing_id = ?1 and ${key} > keys.${key})
      from keys where keys.${key} is not null
    ), sums as (
      select ${key}, ${columns.map((c) => `${last(c, false)} - ${last(c, true)} as ${c}`).join(", ")}
      from keys where ${key} is not null
    )
    select ${key}, ${columns.join(", ")} from sums where ${columns.map((c) => `${c} > 0`).join(" or ")}`;
};

/** Per photo: shown as a card's cover and opened, most shown first. */
const PHOTO_SUMS = `${runningSums("listing_photo_running", "photo", ["shown", "opened"])}
  order by shown desc, photo asc limit 30`;
/** Per visitor region: profile views. */
const REGION_SUMS = `${runningSums("listing_region_running", "region", ["views"])} order by region`;

export async function loadInsights(
  env: Pick<Env, "DB">,
  userId: string,
  wanted: string | null,
  days: Range,
  now: number,
): Promise<InsightsView> {
  const db = getDb(env);
  const listings = await db
    .select({ modelId: l.id, firstName: l.firstName })
    .from(l)
    .where(eq(l.userId, userId))
    .orderBy(asc(l.createdAt), asc(l.id));
  // Someone else's id (or none) shows the owner's first listing: nothing of another provider is ever read.
  const listingId = listings.find((x) => x.modelId === wanted)?.modelId ?? listings[0]?.modelId ?? null;
  if (!listingId) return { listings, listingId, days, series: [], totals: totalsOf([]), photos: [], regions: [] };
  const from = countDay(now - (days - 1) * DAY_MS);
  const [rows, [photos, regions]] = await Promise.all([
    db
      .select({
        day: ld.day,
        impressions: ld.impressions,
        views: ld.views,
        photoOpens: ld.photoOpens,
        contacts: ld.contacts,
        likes: ld.likes,
        favourites: ld.favourites,
      })
      .from(ld)
      .where(and(eq(ld.listingId, listingId), gte(ld.day, from))),
    env.DB.batch([env.DB.prepare(PHOTO_SUMS).bind(listingId, from), env.DB.prepare(REGION_SUMS).bind(listingId, from)]),
  ]);
  const series = fillDays(rows, days, now);
  return {
    listings,
    listingId,
    days,
    series,
    totals: totalsOf(series),
    photos: photos.results as PhotoCounts[],
    regions: regions.results as RegionViews[],
  };
}
