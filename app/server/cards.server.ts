import { and, eq, inArray } from "drizzle-orm";
import { toCard, type ListingCardData } from "~/lib/listing-card";
import { getDb, schema } from "./db.server";
import { cardColumns } from "./grid.server";

export const MAX_CARD_IDS = 50;

/** Live listings' cards for the given ids, in the order asked for (favourites keep the visitor's order). */
export async function loadCardsByIds(env: Pick<Env, "DB">, ids: string[]): Promise<ListingCardData[]> {
  if (ids.length === 0) return [];
  const l = schema.listings;
  const rows = await getDb(env)
    .select(cardColumns)
    .from(l)
    .where(and(eq(l.live, true), inArray(l.id, ids.slice(0, MAX_CARD_IDS))));
  const byId = new Map(rows.map((r) => [r.id, toCard(r)]));
  return ids.map((id) => byId.get(id)).filter((c): c is ListingCardData => Boolean(c));
}
