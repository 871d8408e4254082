// How listings are listed, in one place: the columns a listing card reads, and the plain order (featured
// first, then newest) that near-you, suggestions, search, the public JSON API and the administrators' grid
// show. Visitors' grids (home, regions, /api/grid) turn this order every 10 minutes instead
// (app/features/insights/rotation.server.ts, decision 0024).
import { desc } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import type { CardRow } from "~/core/listing-card";
import { schema } from "~/platform/data/db.server";

const l = schema.listings;

/** What a listing card needs (app/core/listing-card.ts toCard): one row of listings, no joins. */
export const cardColumns = {
  id: l.id,
  firstName: l.firstName,
  age: l.age,
  tagLine: l.tagLine,
  location: l.location,
  suburb: l.suburb,
  rate60: l.rate60,
  orate60: l.orate60,
  featured: l.featured,
  hot: l.hot,
  verified: l.verified,
  live: l.live,
  photoVerified: l.photoVerified,
  active: l.active,
  activeUntil: l.activeUntil,
  coverKey: l.coverKey,
  coverWidth: l.coverWidth,
  coverHeight: l.coverHeight,
} satisfies Record<keyof CardRow, SQLiteColumn>;

/**
 * Grid order: featured first, then newest listed; the id breaks ties so pages never overlap. The indexes
 * listings_grid and listings_region_grid (migration 0001) are in this order, so a page is an index walk.
 */
export const gridOrder = [desc(l.featured), desc(l.listedAt), desc(l.id)];

type GridKeys = { featured: boolean; listedAt: number; id: string };

/** gridOrder for rows already read, when they come back in another order (search reads them by id). */
export function byGridOrder(a: GridKeys, b: GridKeys): number {
  return Number(b.featured) - Number(a.featured) || b.listedAt - a.listedAt || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);
}
