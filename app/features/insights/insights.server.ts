// Reads a provider's insights: only their own listings, only the range's daily rows (at most 90), and the
// range's sums per photo and per region from the running totals (two rows each), whatever the number of
// listings, the length of the range or the age of the table (docs/decisions/0039-running-totals.md).
import { and, asc, eq, gte, sql } from "drizzle-orm";
import type { Placeholder, SQL } from "drizzle-orm";
import { getDb, schema } from "~/platform/data/db.server";
import type { Db, DbEnv } from "~/platform/data/db.server";
import { countDay } from "~/platform/http/client-address";
import { addDays } from "~/platform/time/nz-time";
import { fillDays, totalsOf } from "./insights";
import type { DayCounts, InsightsView, PhotoCounts, Range } from "./insights";
import type { RegionViews } from "./regions";

const l = schema.listings;
const ld = schema.listingDaily;

/**
 * Each key's sums since `from` from a running-totals table: the key's last running total minus its last one
 * before `from`, two rows a key. The keys are the listing's own, walked one index step at a time (a recursive
 * MIN, so nothing reads the days between), or the ones `keys` selects.
 */
export function runningSums(
  table: string,
  key: string,
  columns: string[],
  { listingId, from, keys }: { listingId: string; from: string; keys?: SQL },
) {
  const t = sql.raw(table);
  const k = sql.raw(key);
  const last = (column: string, before: boolean) => sql`coalesce((select ${sql.raw(column)} from ${t}
    where listing_id = ${listingId} and ${k} = keys.${k}${before ? sql` and day < ${from}` : sql``}
    order by day desc limit 1), 0)`;
  const sums = sql.join(
    columns.map((c) => sql`${last(c, false)} - ${last(c, true)} as ${sql.raw(c)}`),
    sql`, `,
  );
  const walk = sql`select (select min(${k}) from ${t} where listing_id = ${listingId})
      union all
      select (select min(${k}) from ${t} where listing_id = ${listingId} and ${k} > keys.${k})
      from keys where keys.${k} is not null`;
  return sql`with recursive keys(${k}) as (${keys ?? walk}),
    sums as (select ${k}, ${sums} from keys where ${k} is not null)
    select ${k}, ${sql.raw(columns.join(", "))} from sums where ${sql.raw(columns.map((c) => `${c} > 0`).join(" or "))}`;
}

/** The first counting day of a range of `days` that ends today. */
export const rangeStart = (days: number, now: number) => addDays(countDay(now), -(days - 1));

/** The owner's listings, oldest first, with what the weekly statement needs of each (`userId` may be a subquery). */
export function ownListingsQuery(db: Db, userId: string | SQL | Placeholder) {
  return db
    .select({ listingId: l.id, firstName: l.firstName, region: l.location, featured: l.featured, live: l.live })
    .from(l)
    .where(eq(l.userId, userId))
    .orderBy(asc(l.createdAt), asc(l.id));
}

/** The listing picker's choices: an id and a first name each. */
export const listingChoices = (owned: { listingId: string; firstName: string }[]): InsightsView["listings"] =>
  owned.map(({ listingId, firstName }) => ({ listingId, firstName }));

/** What the page shows an owner who has no listing yet. */
export const noListingView = (listings: InsightsView["listings"], days: Range): InsightsView => ({
  listings,
  listingId: null,
  days,
  series: [],
  totals: totalsOf([]),
  photos: [],
  regions: [],
});

/** Someone else's id (or none) picks the owner's first listing: nothing of another provider is ever read. */
export function pickListing<T extends { listingId: string }>(listings: T[], wanted: string | null): T | null {
  return listings.find((x) => x.listingId === wanted) ?? listings[0] ?? null;
}

/**
 * The range's three reads of one listing (its daily rows, and its sums per photo, most shown first, and per
 * visitor region), as statements for one D1 batch, so the page can add its other reads to the same round trip.
 */
export function rangeQueries(db: Db, listingId: string, from: string) {
  return [
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
    db
      .select({ photo: sql<string>`photo`, shown: sql<number>`shown`, opened: sql<number>`opened` })
      .from(sql`(${runningSums("listing_photo_running", "photo", ["shown", "opened"], { listingId, from })})`)
      .orderBy(sql`shown desc, photo asc`)
      .limit(30),
    db
      .select({ region: sql<string>`region`, views: sql<number>`views` })
      .from(sql`(${runningSums("listing_region_running", "region", ["views"], { listingId, from })})`)
      .orderBy(sql`region`),
  ] as const;
}

/** The view of one listing's range from what rangeQueries read. */
export function insightsView(
  listings: InsightsView["listings"],
  listingId: string,
  days: Range,
  now: number,
  [rows, photos, regions]: readonly [DayCounts[], PhotoCounts[], RegionViews[]],
): InsightsView {
  const series = fillDays(rows, days, now);
  return { listings, listingId, days, series, totals: totalsOf(series), photos, regions };
}

/** The owner's insights of one listing over the range (the CSV download; the page reads more in one batch). */
export async function loadInsights(
  env: DbEnv,
  userId: string,
  wanted: string | null,
  days: Range,
  now: number,
): Promise<InsightsView> {
  const db = getDb(env);
  const listings = listingChoices(await ownListingsQuery(db, userId));
  const listingId = pickListing(listings, wanted)?.listingId ?? null;
  if (!listingId) return noListingView(listings, days);
  const read = await db.batch(rangeQueries(db, listingId, rangeStart(days, now)));
  return insightsView(listings, listingId, days, now, read);
}
