import { inArray } from "drizzle-orm";
import { toCard } from "~/core/listing-card";
import type { ListingCardData } from "~/core/listing-card";
import { getDb, schema } from "~/platform/data/db.server";
import { cardColumns } from "~/features/listings/card-queries.server";
import type { DbEnv } from "~/platform/data/db.server";

export const MAX_CARD_IDS = 50;

/** Live listings' cards for the given ids, in the order asked for (favourites keep the visitor's order). */
export async function loadCardsByIds(env: DbEnv, ids: string[]): Promise<ListingCardData[]> {
  if (ids.length === 0) return [];
  const l = schema.listings;
  // Primary-key lookups only, live checked here: with `live = 1` in the WHERE, SQLite prefers the
  // live index and reads every live listing.
  const rows = await getDb(env)
    .select(cardColumns)
    .from(l)
    .where(inArray(l.id, ids.slice(0, MAX_CARD_IDS)));
  const byId = new Map(rows.filter((r) => r.live).map((r) => [r.id, toCard(r)]));
  return ids.map((id) => byId.get(id)).filter((c): c is ListingCardData => Boolean(c));
}
