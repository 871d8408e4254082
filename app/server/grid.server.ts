import { and, between, eq, gt, isNull, or, sql, type SQL } from "drizzle-orm";
import type { Filters } from "~/lib/filters";
import { PAGE_SIZE } from "~/lib/filters";
import { nzClock } from "~/lib/nz-time";
import { toCard, type ListingCardData } from "~/lib/listing-card";
import type { GridPage } from "~/lib/listings-view";
import type { Region } from "~/lib/regions";
import { regionForCity } from "~/lib/suburbs";
import { getDb, schema, type Db } from "./db.server";
import { cardColumns, gridOrder } from "./listing-queries.server";

const l = schema.listings;

export function activeNowCondition(now: number): SQL {
  return and(eq(l.active, true), or(isNull(l.activeUntil), eq(l.activeUntil, 0), gt(l.activeUntil, now)))!;
}

export function filterConditions(filters: Filters, now: number): SQL[] {
  const conds: SQL[] = [];
  if (filters.age) conds.push(between(l.age, filters.age.min, filters.age.max));
  if (filters.height) conds.push(between(l.height, filters.height.min, filters.height.max));
  if (filters.nationality) conds.push(eq(l.nationality, filters.nationality));
  if (filters.bodyType) conds.push(eq(l.bodyType, filters.bodyType));
  if (filters.show === "hot") conds.push(eq(l.hot, true));
  if (filters.show === "verified") conds.push(eq(l.verified, true));
  if (filters.show === "active") conds.push(activeNowCondition(now));
  // Today is the NZ weekday of the request's clock, so the filter turns over at NZ midnight by itself.
  if (filters.availableToday) conds.push(sql`(${l.availableDays} & ${1 << nzClock(now).weekday}) <> 0`);
  return conds;
}

/** `page` is the last page included: a refresh of several scrolled pages answers with the last one's number. */
/** The grid's query, exposed so the benchmark can read D1's rows_read for exactly this SQL. */
export function gridQuery(
  db: Db,
  opts: { region: Region | null; filters: Filters; page: number; now: number; limit: number; includeHidden?: boolean },
) {
  // includeHidden is the administrators' grid (every listing, live or not). Callers set it only after
  // checking the viewer's role: visitors must never receive a listing that is not live.
  const conds = [...(opts.includeHidden ? [] : [eq(l.live, true)]), ...filterConditions(opts.filters, opts.now)];
  if (opts.region) conds.push(eq(l.location, opts.region));
  return db
    .select(cardColumns)
    .from(l)
    .where(and(...conds))
    .orderBy(...gridOrder)
    .limit(opts.limit)
    .offset((opts.page - 1) * PAGE_SIZE);
}

export type { GridPage } from "~/lib/listings-view";

export const MAX_PAGES_AT_ONCE = 12;

/**
 * One page of live listings (or `pages` consecutive pages, when an open grid refreshes what was scrolled in).
 * Reads the rows asked for and one past them (plus the offset), whatever the total.
 */
export async function loadGridPage(
  env: Pick<Env, "DB">,
  opts: { region: Region | null; filters: Filters; page: number; now: number; pages?: number; includeHidden?: boolean },
): Promise<GridPage> {
  const pages = Math.min(Math.max(opts.pages ?? 1, 1), MAX_PAGES_AT_ONCE);
  const size = PAGE_SIZE * pages;
  const rows = await gridQuery(getDb(env), { ...opts, limit: size + 1 });
  const pageRows = rows.slice(0, size);
  return {
    // Administrators also see listings without a photo yet (with the placeholder): they moderate all of them.
    cards: pageRows.filter((r) => opts.includeHidden || r.coverKey).map(toCard),
    page: opts.page + pages - 1,
    hasMore: rows.length > size,
    matched: pageRows.length,
  };
}

export const NEAR_YOU_LIMIT = 4;

/**
 * Up to four live listings in the visitor's city: listings in that suburb first, then others in the
 * region that name a suburb. Two index lookups rather than one sort over the whole region.
 */
export async function loadNearYou(env: Pick<Env, "DB">, city: string | null | undefined): Promise<ListingCardData[]> {
  const place = regionForCity(city);
  if (!place) return [];
  const db = getDb(env);
  const inSuburb = place.suburb
    ? await db
        .select(cardColumns)
        .from(l)
        .where(and(eq(l.live, true), eq(l.suburb, place.suburb), eq(l.location, place.region)))
        .orderBy(...gridOrder)
        .limit(NEAR_YOU_LIMIT)
    : [];
  const picked = inSuburb.filter((r) => r.coverKey);
  if (picked.length < NEAR_YOU_LIMIT) {
    // Over-fetch a little: some rows may lack a suburb or a photo.
    const more = await db
      .select(cardColumns)
      .from(l)
      .where(and(eq(l.live, true), eq(l.location, place.region)))
      .orderBy(...gridOrder)
      .limit(NEAR_YOU_LIMIT * 3);
    const seen = new Set(picked.map((r) => r.id));
    const withSuburb = more.filter((r) => r.coverKey && !seen.has(r.id));
    withSuburb.sort((a, b) => Number(b.suburb !== "") - Number(a.suburb !== ""));
    picked.push(...withSuburb.slice(0, NEAR_YOU_LIMIT - picked.length));
  }
  return picked.map(toCard);
}
