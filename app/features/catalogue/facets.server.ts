import { and, count, eq, gt, inArray, ne, sql } from "drizzle-orm";
import { AGE_RANGES, HEIGHT_RANGES } from "./filters";
import type { FilterOptions } from "./listings-view";
import { nzDate } from "~/platform/time/nz-time";
import { REGIONS } from "~/core/regions";
import type { Region } from "~/core/regions";
import { getDb, keptSelect, schema } from "~/platform/data/db.server";
import type { Db, DbEnv } from "~/platform/data/db.server";
import { runningStopConditions } from "./grid/conditions.server";

export type { FilterOptions } from "./listings-view";

export type Facets = {
  counts: Record<Region, number>;
  total: number;
  /** Options with at least one live listing in the region being viewed (or in all of New Zealand). */
  options: FilterOptions;
};

/** No counts and no options: what the screens show when the counts cannot be read. */
export function emptyFacets(): Facets {
  return {
    counts: Object.fromEntries(REGIONS.map((r) => [r, 0])) as Record<Region, number>,
    total: 0,
    options: { age: [], height: [], nationality: [], bodyType: [], verifiedPhotos: 0 },
  };
}

/**
 * The region counts (the `all` rows: live listings per home region) and, once each, the filter values with a
 * live listing in `region` or anywhere in New Zealand. Asking for only these, rather than every region's row
 * of every value, keeps the answer a few dozen rows however many regions and values there are.
 */
export function facetsQuery(db: Db, region: Region | null) {
  const f = schema.listingFacets;
  // Each region's `all` row by its primary key (location, facet, value): a handful of rows read, not the table.
  const counts = db
    .select({ location: f.location, facet: f.facet, value: f.value, n: f.n })
    .from(f)
    .where(and(inArray(f.location, [...REGIONS]), eq(f.facet, "all"), eq(f.value, ""), gt(f.n, 0)));
  const options = db
    .selectDistinct({ location: sql<string>`''`, facet: f.facet, value: f.value, n: sql<number>`0` })
    .from(f)
    .where(and(ne(f.facet, "all"), gt(f.n, 0), region ? eq(f.location, region) : undefined));
  // The 'Verified photos' count (docs/decisions/0055-each-photo-verified.md): each region's row with its n.
  const photos = db
    .select({ location: f.location, facet: f.facet, value: f.value, n: f.n })
    .from(f)
    .where(
      and(
        region ? eq(f.location, region) : inArray(f.location, [...REGIONS]),
        eq(f.facet, "photos"),
        eq(f.value, "verified"),
        gt(f.n, 0),
      ),
    );
  return counts.unionAll(options).unionAll(photos);
}

/** facetsQuery's build, kept (the region is its only input). */
export function keptFacetsSelect(region: Region | null) {
  return keptSelect(`facets:${region ?? ""}`, (db) => facetsQuery(db, region));
}

/** touringCountsQuery's build, kept by the NZ date, the only thing it reads of the clock. */
export function keptTouringCountsSelect(now: number) {
  return keptSelect(`touring-counts:${nzDate(now)}`, (db) => touringCountsQuery(db, now));
}

/**
 * Live listings touring each region today (docs/touring.md), which that region's count includes: the stops begun
 * in the last month read through tour_stops_start, each listing by its id. Today is the request's NZ date, so
 * a stop leaves the count at NZ midnight with no write (listing_facets' triggers only see writes).
 */
export function touringCountsQuery(db: Db, now: number) {
  const ts = schema.tourStops;
  const l = schema.listings;
  return db
    .select({
      region: ts.region,
      n: count(),
      photos: sql<number>`coalesce(sum(${l.photoVerified}), 0)`.mapWith(Number),
    })
    .from(ts)
    .crossJoin(l)
    .where(and(eq(l.id, ts.listingId), ...runningStopConditions(now), eq(l.live, true), ne(l.location, ts.region)))
    .groupBy(ts.region);
}

/**
 * Region counts and filter options from the trigger-maintained `listing_facets` table, plus the listings
 * touring each region today. The total counts each listing once, in its home region.
 */
export async function loadFacets(env: DbEnv, region: Region | null, now = Date.now()): Promise<Facets> {
  const db = getDb(env);
  const [rows, touring] = await db.batch([facetsQuery(db, region), touringCountsQuery(db, now)]);
  return toFacets(rows, touring, region);
}

/** The facets from the rows of facetsQuery and touringCountsQuery (read in a caller's batch, or above). */
export function toFacets(
  rows: Awaited<ReturnType<typeof facetsQuery>>,
  touring: Awaited<ReturnType<typeof touringCountsQuery>>,
  region: Region | null = null,
): Facets {
  let verifiedPhotos = 0;
  const counts = Object.fromEntries(REGIONS.map((r) => [r, 0])) as Record<Region, number>;
  const values = {
    age: new Set<string>(),
    height: new Set<string>(),
    nationality: new Set<string>(),
    bodyType: new Set<string>(),
  };
  for (const row of rows) {
    if (row.facet === "all") {
      if (row.location in counts) counts[row.location as Region] += row.n;
    } else if (row.facet === "photos") {
      // The options arm names the facet too, with no region and no count.
      if (row.location !== "") verifiedPhotos += row.n;
    } else if (row.facet in values) values[row.facet as keyof typeof values].add(row.value);
  }
  const total = Object.values(counts).reduce((a, b) => a + b, 0);
  for (const row of touring) {
    if (row.region in counts) counts[row.region as Region] += row.n;
    // A region's grid shows the listings touring it, so its count does too (home counts each listing once).
    if (region && row.region === region) verifiedPhotos += row.photos;
  }
  return {
    counts,
    total,
    options: {
      age: AGE_RANGES.map((r) => r.value).filter((v) => values.age.has(v)),
      height: HEIGHT_RANGES.map((r) => r.value).filter((v) => values.height.has(v)),
      nationality: [...values.nationality].sort(),
      bodyType: [...values.bodyType].sort(),
      verifiedPhotos,
    },
  };
}
