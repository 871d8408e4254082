// 'You Might Also Like' under a profile.
import { and, eq } from "drizzle-orm";
import { toCard } from "~/core/listing-card";
import type { ListingCardData } from "~/core/listing-card";
import { cardColumns, gridOrder } from "~/features/listings/card-queries.server";
import { getDb, schema } from "~/platform/data/db.server";
import { shownToVisitors } from "./grid/conditions.server";
import { pickSuggestions } from "~/core/profile";
import type { DbEnv } from "~/platform/data/db.server";

const l = schema.listings;

/** How many of the grid's first listings the suggestions are drawn from, per query. */
export const SUGGESTION_POOL = 24;

/**
 * 'You Might Also Like': 3 live listings with a photo, same location first, shuffled, never the current
 * one. Two small index reads (the first 24 of the region and the first 24 overall, in grid order)
 * rather than the whole region, then the pure pickSuggestions.
 */
export async function loadSuggestions(
  env: DbEnv,
  profile: { modelId: string; location: string },
  random: () => number = Math.random,
): Promise<ListingCardData[]> {
  const db = getDb(env);
  const withCover = and(...shownToVisitors());
  const pool = SUGGESTION_POOL + 1; // +1: the current listing may be among them.
  const [sameRegion, overall] = await db.batch([
    db
      .select(cardColumns)
      .from(l)
      .where(and(withCover, eq(l.location, profile.location)))
      .orderBy(...gridOrder)
      .limit(pool),
    db
      .select(cardColumns)
      .from(l)
      .where(withCover)
      .orderBy(...gridOrder)
      .limit(pool),
  ]);
  return pickSuggestions(profile, [...sameRegion, ...overall].map(toCard), 3, random);
}
