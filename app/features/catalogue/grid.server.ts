import { and, eq, ne, sql } from "drizzle-orm";
import type { SQL } from "drizzle-orm";
import { unionAll } from "drizzle-orm/sqlite-core";
import type { Filters } from "./filters";
import { PAGE_SIZE } from "./filters";
import { nzDate } from "~/platform/time/nz-time";
import { toCard } from "~/core/listing-card";
import type { ListingCardData } from "~/core/listing-card";
import type { GridPage } from "./listings-view";
import type { Region } from "~/core/regions";
import { parseRegion } from "~/core/regions";
import { regionForCity } from "~/core/suburbs";
import type { CardTour } from "~/core/tour-stops";
import { getDb, keptSelect, schema } from "~/platform/data/db.server";
import type { Db, DbEnv } from "~/platform/data/db.server";
import { cardColumns, gridOrder } from "~/features/listings/card-queries.server";
import { rotatedOrderBy } from "~/features/insights/rotation.server";
import { rotationSlot } from "~/features/insights/rotation";
import { parseRotatedCover, rotatedCoverSql } from "~/features/insights/cover-rotation.server";
import { shiftTextOn } from "~/features/agencies/roster-reads.server";
import { cardShift } from "~/core/roster";
import { filterConditions, runningStopConditions, shownToVisitors } from "./grid/conditions.server";

const l = schema.listings;
const ts = schema.tourStops;

/** A stop as one text column, so it rides on a card row (read back by cardTour). */
const stopText = sql<string>`${ts.region} || '|' || ${ts.startDate} || '|' || ${ts.endDate}`;

/** Grid order by the result's column names: a compound SELECT (the region's union) sorts by those. */
const resultOrder = ["featured", "listed_at", "id"].map((name) => sql`${sql.identifier(name)} desc`);

export type GridOpts = {
  region: Region | null;
  filters: Filters;
  page: number;
  now: number;
  slot?: number; // the rotation slot to order by (grid-slot.ts); the slot of `now` when not given
  limit: number;
  includeHidden?: boolean;
};

// The slot a visitors' grid is ordered in: the one asked for, else the slot of the request's clock.
const slotOf = (opts: { now: number; slot?: number }) => opts.slot ?? rotationSlot(opts.now);
/**
 * The grid's query, exposed so the benchmark can read D1's rows_read for exactly this SQL.
 *
 * Touring (docs/touring.md): a region's grid is the listings based there (each with the stop it is on today, for
 * 'On tour in Wellington until 5 Dec') and, merged in grid order, those touring there today (for 'Touring ·
 * Wellington 3–5 Dec'). Each arm is read in grid order and the merge stops at the page, so a page still
 * reads about offset + limit listings plus today's stops in the region. 'Touring' shows only the second arm.
 */
export function gridQuery(db: Db, opts: GridOpts) {
  // includeHidden is the administrators' grid (every listing, live or not). Callers set it only after
  // checking the viewer's role: visitors must never receive a listing that is not live.
  const conds = [...(opts.includeHidden ? [] : shownToVisitors()), ...filterConditions(opts.filters, opts.now)];
  const offset = (opts.page - 1) * PAGE_SIZE;
  const touring = touringArm(db, conds, opts);
  // Visitors' grids rotate fairly within each tier every 10 minutes (features/insights/rotation.ts); the
  // administrators' grid keeps the plain order, so a listing stays where they last saw it.
  const rotate = !opts.includeHidden;
  const slot = slotOf(opts);
  const order = rotate ? rotatedOrderBy(l, slot) : gridOrder;
  // The owner's rotating covers turn on the same slot (features/insights/cover-rotation.ts), for administrators
  // too; not under 'Verified photos', whose cards show the verified cover they were chosen for.
  const coverSlot = opts.filters.verifiedPhotos ? null : slot;
  const cover = (coverSlot === null ? sql<string | null>`null` : rotatedCoverSql(l.id, coverSlot)).as("rotated_cover");
  // Today's roster shift, for the card's 'Working today' (docs/decisions/0060-agency-roster.md).
  const shift = shiftTextOn(nzDate(opts.now)).as("shift");
  if (opts.filters.show === "touring") {
    return db
      .select({ ...cardColumns, listedAt: l.listedAt, rotatedCover: cover, shift, tour: touring.tour })
      .from(ts)
      .crossJoin(l)
      .where(touring.where)
      .orderBy(...order)
      .limit(opts.limit)
      .offset(offset);
  }
  const current = sql<string | null>`(${db
    .select({ stop: stopText })
    .from(ts)
    .where(and(eq(ts.listingId, l.id), ...runningStopConditions(opts.now)))
    .limit(1)})`;
  if (!opts.region) {
    return db
      .select({ ...cardColumns, listedAt: l.listedAt, rotatedCover: cover, shift, tour: current.as("tour") })
      .from(l)
      .where(and(...conds))
      .orderBy(...order)
      .limit(opts.limit)
      .offset(offset);
  }
  const arms = unionAll(
    db
      .select({ ...cardColumns, listedAt: l.listedAt, rotatedCover: cover, shift, tour: current.as("tour") })
      .from(l)
      .where(and(...conds, eq(l.location, opts.region))),
    db
      .select({ ...cardColumns, listedAt: l.listedAt, rotatedCover: cover, shift, tour: touring.tour })
      .from(ts)
      .crossJoin(l)
      .where(touring.where),
  );
  if (!rotate)
    return arms
      .orderBy(...resultOrder)
      .limit(opts.limit)
      .offset(offset);
  // A compound SELECT sorts only by its result columns: the rotation ranks the merged rows from outside.
  const merged = arms.as("g");
  return db
    .select()
    .from(merged)
    .orderBy(...rotatedOrderBy(merged, slot))
    .limit(opts.limit)
    .offset(offset);
}

/** Listings on a stop today: in the viewed region when there is one (and based elsewhere), else anywhere. */
export function touringArm(db: Db, conds: SQL[], opts: GridOpts) {
  // CROSS JOIN keeps tour_stops the outer table (SQLite never reorders one): today's few stops are read
  // through their index and each listing by its id, never the whole grid probed for a stop.
  const where = and(
    eq(l.id, ts.listingId),
    ...runningStopConditions(opts.now),
    ...(opts.region ? [eq(ts.region, opts.region), ne(l.location, opts.region)] : []),
    ...conds,
  );
  return { where, tour: stopText.as("tour") };
}

/** The tour line of a grid row: the badge where the listing is touring, else where it is away to. */
export function cardTour(stop: string | null, viewed: Region | null, touringMode: boolean): CardTour | null {
  if (!stop) return null;
  const [rawRegion, start, end] = stop.split("|");
  const region = parseRegion(rawRegion);
  if (!region || !start || !end) return null;
  return { region, start, end, here: touringMode || region === viewed };
}

export type { GridPage } from "./listings-view";

export const MAX_PAGES_AT_ONCE = 12;

export type GridOptions = {
  region: Region | null;
  filters: Filters;
  page: number;
  now: number;
  /** The slot the grid's first page was read in, for its later pages (grid-slot.ts decides it is recent). */
  slot?: number;
  pages?: number;
  includeHidden?: boolean;
};

function pagesAsked(opts: GridOptions): number {
  return Math.min(Math.max(opts.pages ?? 1, 1), MAX_PAGES_AT_ONCE);
}

/** The grid query for `opts`: the rows asked for and one past them, to tell whether there are more. */
export function gridPageQuery(db: Db, opts: GridOptions) {
  return gridQuery(db, { ...opts, limit: PAGE_SIZE * pagesAsked(opts) + 1 });
}

/**
 * gridPageQuery's build, kept by everything it reads: the clock only as the NZ date (tour stops, 'Available
 * today'), except under 'Active now', which compares with the time itself and so is built every time.
 */
export function keptGridPageSelect(opts: GridOptions) {
  const { region, filters, page, pages, includeHidden, now } = opts;
  const key =
    filters.show === "active"
      ? null
      : `grid:${JSON.stringify([region, filters, page, pages ?? 1, includeHidden === true, nzDate(now), slotOf(opts)])}`;
  return keptSelect(key, (db) => gridPageQuery(db, opts));
}

type CardRow = Awaited<ReturnType<typeof gridPageQuery>>[number];
type NearYouRow = Awaited<ReturnType<typeof nearYouQueries>["inRegion"]>[number];

/** A grid row's card, with the slot's rotated cover where the owner chose covers (its tick is that photo's). */
function withCover(r: CardRow) {
  const rotated = parseRotatedCover(r.rotatedCover);
  if (!rotated) return toCard(r);
  const { key: coverKey, width: coverWidth, height: coverHeight, verified: photoVerified } = rotated;
  return toCard({ ...r, coverKey, coverWidth, coverHeight, photoVerified });
}

export function toGridPage(rows: CardRow[], opts: GridOptions): GridPage {
  const pages = pagesAsked(opts);
  const size = PAGE_SIZE * pages;
  const pageRows = rows.slice(0, size);
  const touringMode = opts.filters.show === "touring";
  return {
    // Administrators also see listings without a photo yet (with the placeholder): they moderate all of them.
    cards: pageRows.map((r) => ({
      ...withCover(r),
      tour: cardTour(r.tour, opts.region, touringMode),
      shift: cardShift(r.shift),
    })),
    page: opts.page + pages - 1,
    hasMore: rows.length > size,
    matched: pageRows.length,
    slot: opts.includeHidden ? null : slotOf(opts),
  };
}

/**
 * One page of live listings (or `pages` consecutive pages, when an open grid refreshes what was scrolled in).
 * Reads the rows asked for and one past them (plus the offset), whatever the total.
 */
export async function loadGridPage(env: DbEnv, opts: GridOptions): Promise<GridPage> {
  return toGridPage(await gridPageQuery(getDb(env), opts), opts);
}

export const NEAR_YOU_LIMIT = 4;

export type NearYouPlace = NonNullable<ReturnType<typeof regionForCity>>;

/**
 * Up to four live listings in the visitor's city: listings in that suburb first, then others in the
 * region that name a suburb. Two index lookups rather than one sort over the whole region; the second
 * (over-fetching a little: some rows lack a suburb) is only needed when the suburb has too few.
 */
export function nearYouQueries(db: Db, place: NearYouPlace) {
  const inRegion = and(...shownToVisitors(), eq(l.location, place.region));
  return {
    inSuburb: place.suburb
      ? db
          .select(cardColumns)
          .from(l)
          .where(and(inRegion, eq(l.suburb, place.suburb)))
          .orderBy(...gridOrder)
          .limit(NEAR_YOU_LIMIT)
      : null,
    inRegion: db
      .select(cardColumns)
      .from(l)
      .where(inRegion)
      .orderBy(...gridOrder)
      .limit(NEAR_YOU_LIMIT * 3),
  };
}

/** nearYouQueries' builds, kept by the place (their only input). */
export function keptNearYouSelects(place: NearYouPlace) {
  const { region, suburb } = place;
  return {
    inSuburb: suburb
      ? keptSelect(`near-suburb:${region}:${suburb}`, (db) => nearYouQueries(db, place).inSuburb!)
      : null,
    inRegion: keptSelect(`near-region:${region}`, (db) => nearYouQueries(db, place).inRegion),
  };
}

/** The near-you cards from the suburb's rows and (when those are too few) the region's. */
export function toNearYou(inSuburb: NearYouRow[], inRegion: NearYouRow[] | null): ListingCardData[] {
  const picked = [...inSuburb];
  if (picked.length < NEAR_YOU_LIMIT && inRegion) {
    const seen = new Set(picked.map((r) => r.id));
    const withSuburb = inRegion.filter((r) => !seen.has(r.id));
    withSuburb.sort((a, b) => Number(b.suburb !== "") - Number(a.suburb !== ""));
    picked.push(...withSuburb.slice(0, NEAR_YOU_LIMIT - picked.length));
  }
  return picked.map(toCard);
}

export async function loadNearYou(env: DbEnv, city: string | null | undefined): Promise<ListingCardData[]> {
  const place = regionForCity(city);
  if (!place) return [];
  const queries = nearYouQueries(getDb(env), place);
  const inSuburb = queries.inSuburb ? await queries.inSuburb : [];
  const enough = inSuburb.length >= NEAR_YOU_LIMIT;
  return toNearYou(inSuburb, enough ? null : await queries.inRegion);
}
