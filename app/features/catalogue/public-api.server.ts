// The public JSON API's reads, as services taking env: one page of profiles or cards in grid order.
// Its controllers (likes, contacts, paging parameters) are in ./api.server.ts.
import { toCard } from "~/core/listing-card";
import type { ListingCardData } from "~/core/listing-card";
import { encodeCursor } from "./public-api";
import type { ListCursor } from "./public-api";
import type { Profile } from "~/core/profile";
import { and, eq, sql } from "drizzle-orm";
import type { SQL } from "drizzle-orm";
import { getDb, schema } from "~/platform/data/db.server";
import { cardColumns, gridOrder } from "~/features/listings/card-queries.server";
import { assembleProfiles } from "~/features/profile/profile.server";
import type { DbEnv } from "~/platform/data/db.server";

const l = schema.listings;

export type PageParams = { limit: number; cursor: ListCursor | null };

/** Rows strictly after the cursor in grid order (featured desc, listed_at desc, id desc). */
function afterCursor(cursor: ListCursor | null): SQL | undefined {
  if (!cursor) return undefined;
  // A row-value comparison: the index listings_grid serves it as a range, so page 100 costs as much as page 1.
  return sql`(${l.featured}, ${l.listedAt}, ${l.id}) < (${cursor.featured ? 1 : 0}, ${cursor.listedAt}, ${cursor.id})`;
}

type Keyed = { id: string; featured: boolean; listedAt: number };

function nextCursor(rows: Keyed[], limit: number): string | null {
  if (rows.length <= limit) return null;
  const last = rows[limit - 1];
  return encodeCursor({ featured: last.featured, listedAt: last.listedAt, id: last.id });
}

/** GET /api/LPmodels: one page of live listings as full profiles, with four queries whatever the page size. */
export async function loadLiveProfilesPage(
  env: DbEnv,
  page: PageParams,
): Promise<{ profiles: Profile[]; next: string | null }> {
  const rows = await getDb(env)
    .select()
    .from(l)
    .where(and(eq(l.live, true), afterCursor(page.cursor)))
    .orderBy(...gridOrder)
    .limit(page.limit + 1);
  const pageRows = rows.slice(0, page.limit);
  return { profiles: await assembleProfiles(env, pageRows), next: nextCursor(rows, page.limit) };
}

/** GET /api/models: one page of card-shaped listings for search; administrators also get hidden ones. */
export async function loadCardsPage(
  env: DbEnv,
  page: PageParams,
  includeHidden: boolean,
): Promise<{ cards: ListingCardData[]; next: string | null }> {
  const rows = await getDb(env)
    .select({ ...cardColumns, listedAt: l.listedAt })
    .from(l)
    .where(and(includeHidden ? undefined : eq(l.live, true), afterCursor(page.cursor)))
    .orderBy(...gridOrder)
    .limit(page.limit + 1);
  return { cards: rows.slice(0, page.limit).map(toCard), next: nextCursor(rows, page.limit) };
}
