import { and, asc, eq, gt } from "drizzle-orm";
import { SITEMAP_PROFILE_CAP } from "./sitemap";
import { getDb, schema } from "~/platform/data/db.server";
import type { DbEnv } from "~/platform/data/db.server";

/** Rows per query: small enough for D1's response limits, few enough round trips for a large directory. */
const PAGE_SIZE = 5_000;

/**
 * Ids of live listings for the sitemap, read in id order a page at a time (keyset, so each page is an
 * index seek rather than an ever-growing OFFSET scan) and capped at what one sitemap file may hold.
 */
export async function liveListingIds(
  env: DbEnv,
  { cap = SITEMAP_PROFILE_CAP, pageSize = PAGE_SIZE }: { cap?: number; pageSize?: number } = {},
): Promise<string[]> {
  const db = getDb(env);
  const ids: string[] = [];
  let after = "";
  while (ids.length < cap) {
    const limit = Math.min(pageSize, cap - ids.length);
    const rows = await db
      .select({ id: schema.listings.id })
      .from(schema.listings)
      .where(and(eq(schema.listings.live, true), gt(schema.listings.id, after)))
      .orderBy(asc(schema.listings.id))
      .limit(limit);
    for (const row of rows) ids.push(row.id);
    if (rows.length < limit) break;
    after = rows[rows.length - 1].id;
  }
  return ids;
}
