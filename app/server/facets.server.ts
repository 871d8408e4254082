import { gt } from "drizzle-orm";
import { AGE_RANGES, HEIGHT_RANGES } from "~/lib/filters";
import type { FilterOptions } from "~/lib/listings-view";
import { REGIONS, type Region } from "~/lib/regions";
import { getDb, schema, type Db } from "./db.server";

export type { FilterOptions } from "~/lib/listings-view";

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
    options: { age: [], height: [], nationality: [], bodyType: [] },
  };
}

export function facetsQuery(db: Db) {
  const f = schema.listingFacets;
  return db.select().from(f).where(gt(f.n, 0));
}

/**
 * Region counts and filter options from the trigger-maintained `listing_facets` table:
 * a few hundred rows at most, however many listings there are.
 */
export async function loadFacets(env: Pick<Env, "DB">, region: Region | null): Promise<Facets> {
  return toFacets(await facetsQuery(getDb(env)), region);
}

export function toFacets(rows: Awaited<ReturnType<typeof facetsQuery>>, region: Region | null): Facets {
  const counts = Object.fromEntries(REGIONS.map((r) => [r, 0])) as Record<Region, number>;
  const values = {
    age: new Set<string>(),
    height: new Set<string>(),
    nationality: new Set<string>(),
    bodyType: new Set<string>(),
  };
  for (const row of rows) {
    if (row.facet === "all" && row.location in counts) counts[row.location as Region] += row.n;
    if (region && row.location !== region) continue;
    if (row.facet in values) values[row.facet as keyof typeof values].add(row.value);
  }
  return {
    counts,
    total: Object.values(counts).reduce((a, b) => a + b, 0),
    options: {
      age: AGE_RANGES.map((r) => r.value).filter((v) => values.age.has(v)),
      height: HEIGHT_RANGES.map((r) => r.value).filter((v) => values.height.has(v)),
      nationality: [...values.nationality].sort(),
      bodyType: [...values.bodyType].sort(),
    },
  };
}
