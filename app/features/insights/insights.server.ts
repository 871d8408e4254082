// Reads a provider's insights: only their own listings, only the range's daily rows (at most 90) and the
// range's photo rows summed per photo, whatever the number of listings or the age of the table.
import { and, asc, eq, gte, sql } from "drizzle-orm";
import { getDb, schema } from "~/platform/data/db.server";
import { countDay } from "~/platform/http/client-address";
import { fillDays, totalsOf, type InsightsView, type Range } from "./insights";

const l = schema.listings;
const ld = schema.listingDaily;
const lp = schema.listingPhotoDaily;
const lr = schema.listingRegionDaily;
const DAY_MS = 86_400_000;

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
  const [rows, photos, regions] = await db.batch([
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
      .select({
        photo: lp.photo,
        shown: sql<number>`sum(${lp.shown})`,
        opened: sql<number>`sum(${lp.opened})`,
      })
      .from(lp)
      .where(and(eq(lp.listingId, listingId), gte(lp.day, from)))
      .groupBy(lp.photo)
      .orderBy(sql`sum(${lp.shown}) desc`, asc(lp.photo))
      .limit(30),
    db
      .select({ region: lr.region, views: sql<number>`sum(${lr.views})` })
      .from(lr)
      .where(and(eq(lr.listingId, listingId), gte(lr.day, from)))
      .groupBy(lr.region),
  ]);
  const series = fillDays(rows, days, now);
  return { listings, listingId, days, series, totals: totalsOf(series), photos, regions };
}
