// The filter bar's options once a filter is on: each facet's values among the listings the *other* filters
// (and the region) leave, so no option offered leads to an empty grid (spec public §5: 'Only ranges with at
// least one matching listing are offered'). A facet is not narrowed by its own choice: the bar still offers
// the other ages, say, to switch to. Without a filter the trigger-kept counts answer (facets.server.ts).
import { and, eq, isNotNull, sql } from "drizzle-orm";
import type { AnyColumn } from "drizzle-orm";
import { nzDate } from "~/platform/time/nz-time";
import { keptSelect, schema } from "~/platform/data/db.server";
import type { Db } from "~/platform/data/db.server";
import { AGE_RANGES, HEIGHT_RANGES } from "../filters";
import type { Filters } from "../filters";
import type { FilterOptions } from "../listings-view";
import { touringArm } from "../grid.server";
import { gridCountQuery, keptGridCountSelect, toGridCount } from "../grid-count.server";
import { filterConditions, shownToVisitors } from "./conditions.server";
import type { GridOpts } from "../grid.server";

const l = schema.listings;
const ts = schema.tourStops;

type OptionsOpts = Omit<GridOpts, "page" | "limit" | "includeHidden">;

export const OPTION_FACETS = ["age", "height", "nationality", "bodyType"] as const;
export type OptionFacet = (typeof OPTION_FACETS)[number];

const COLUMN: Record<OptionFacet, AnyColumn> = {
  age: l.age,
  height: l.height,
  nationality: l.nationality,
  bodyType: l.bodyType,
};

/**
 * One facet's distinct values among the live listings with a cover that the grid would show under every
 * filter but this facet's own: the home region's and, in a region, those touring it today (the grid's two
 * arms), or only the touring arm under 'Touring'. One statement per facet keeps each under D1's 100 bound
 * parameters with every filter on; the four ride in the page's one batch.
 */
export function facetOptionsQuery(db: Db, facet: OptionFacet, opts: OptionsOpts) {
  const column = COLUMN[facet];
  const filters: Filters = { ...opts.filters, [facet]: null };
  const conds = [...shownToVisitors(), isNotNull(column), ...filterConditions(filters, opts.now)];
  const pick = { value: sql<string>`cast(${column} as text)` };
  const touring = db
    .selectDistinct(pick)
    .from(ts)
    .crossJoin(l)
    .where(touringArm(db, conds, { ...opts, page: 1, limit: 1 }).where);
  if (opts.filters.show === "touring") return touring;
  const home = db
    .selectDistinct(pick)
    .from(l)
    .where(and(...conds, opts.region ? eq(l.location, opts.region) : undefined));
  return opts.region ? home.union(touring) : home;
}

/** facetOptionsQuery's build for each facet, kept by what it reads (as grid-count.server.ts keeps its own). */
export function keptFacetOptionsSelects(opts: OptionsOpts) {
  const { region, filters, now } = opts;
  return OPTION_FACETS.map((facet) =>
    keptSelect(
      filters.show === "active" ? null : `facet-options:${facet}:${JSON.stringify([region, filters, nzDate(now)])}`,
      (db) => facetOptionsQuery(db, facet, opts),
    ),
  );
}

/**
 * The 'Verified photos' chip's count under the other filters (and the region): the grid's own count with that
 * filter on too, so the number is the grid the chip leads to (docs/decisions/0069-photos-decided-one-by-one.md).
 * Without a filter the trigger-kept count answers (facets.server.ts), which is that same grid.
 */
export function keptVerifiedPhotosCountSelect(opts: OptionsOpts) {
  return keptGridCountSelect(verifiedPhotosOpts(opts));
}

const verifiedPhotosOpts = (opts: OptionsOpts) => ({ ...opts, filters: { ...opts.filters, verifiedPhotos: true } });

/** Runs the four facets' queries and the chip's count (the fallback when the page's batch failed). */
export async function loadFacetOptions(db: Db, opts: OptionsOpts) {
  const [rows, count] = await Promise.all([
    Promise.all(OPTION_FACETS.map((facet) => facetOptionsQuery(db, facet, opts))),
    gridCountQuery(db, verifiedPhotosOpts(opts)),
  ]);
  return { rows, verifiedPhotos: toGridCount(count) };
}

type Ranges = readonly { value: string; min: number; max: number }[];

/**
 * The options the bar offers: the facets' values (rows in OPTION_FACETS' order) turned into the ranges with
 * a value inside them, sorted as facets.server.ts sorts them. A chosen option always stays (clicking it is
 * how it is cleared), even when the other filters leave it nothing; `verifiedPhotos` is the chip's count
 * under the other filters (keptVerifiedPhotosCountSelect).
 */
export function toFilterOptions(rows: { value: string }[][], filters: Filters, verifiedPhotos: number): FilterOptions {
  const [ages, heights, nationalities, bodyTypes] = OPTION_FACETS.map((_, i) => (rows[i] ?? []).map((r) => r.value));
  const inRanges = (ranges: Ranges, values: string[], chosen: string | undefined) => {
    const numbers = values.map(Number).filter(Number.isFinite);
    return ranges
      .filter((r) => r.value === chosen || numbers.some((v) => v >= r.min && v <= r.max))
      .map((r) => r.value);
  };
  const listed = (values: string[], chosen: string | null) =>
    [...new Set([...values, ...(chosen ? [chosen] : [])])].filter(Boolean).sort();
  return {
    age: inRanges(AGE_RANGES, ages, filters.age?.value),
    height: inRanges(HEIGHT_RANGES, heights, filters.height?.value),
    nationality: listed(nationalities, filters.nationality),
    bodyType: listed(bodyTypes, filters.bodyType),
    verifiedPhotos,
  };
}
