// How many listings a filtered view holds, for the line by the filter chips ('3 listings · Clear filters').
// The grid's page query reads only the rows it shows; this counts every row the same conditions match, in
// the same batch, and only when a filter is on (an unfiltered view's count is the region bar's).
import { and, count, eq, isNull } from "drizzle-orm";
import { nzDate } from "~/platform/time/nz-time";
import { keptSelect, schema } from "~/platform/data/db.server";
import type { Db } from "~/platform/data/db.server";
import { touringArm } from "./grid.server";
import { filterConditions, shownToVisitors } from "./grid/conditions.server";
import type { GridOpts } from "./grid.server";

const l = schema.listings;
const ts = schema.tourStops;

type CountOpts = Omit<GridOpts, "page" | "limit"> & {
  /** Count the live listings the view matches that have no cover photo instead (the grid-empty.ts messages). */
  coverless?: boolean;
};

/**
 * The rows the grid would show across all its pages: the home region's listings and, in a region, those
 * touring it today (the grid's two arms), or only the touring arm under 'Touring', under the conditions of
 * the grid's own query.
 */
export function gridCountQuery(db: Db, opts: CountOpts) {
  const shown = opts.coverless ? [eq(l.live, true), isNull(l.coverKey)] : shownToVisitors();
  const conds = [...(opts.includeHidden ? [] : shown), ...filterConditions(opts.filters, opts.now)];
  const touring = db
    .select({ n: count() })
    .from(ts)
    .crossJoin(l)
    .where(touringArm(db, conds, { ...opts, page: 1, limit: 1 }).where);
  if (opts.filters.show === "touring") return touring;
  const based = db
    .select({ n: count() })
    .from(l)
    .where(and(...conds, opts.region ? eq(l.location, opts.region) : undefined));
  // In a region, one row per arm (toGridCount adds them).
  return opts.region ? based.unionAll(touring) : based;
}

/** gridCountQuery's build, kept by what it reads (the clock as the NZ date, except under 'Active now'). */
export function keptGridCountSelect(opts: CountOpts) {
  const { region, filters, includeHidden, now } = opts;
  const key =
    filters.show === "active"
      ? null
      : `grid-count:${JSON.stringify([region, filters, includeHidden === true, nzDate(now)])}`;
  return keptSelect(key, (db) => gridCountQuery(db, opts));
}

/** The count from gridCountQuery's rows (one per arm). */
export function toGridCount(rows: { n: number }[]): number {
  return rows.reduce((sum, row) => sum + Number(row.n), 0);
}
