// Cover rotation's I/O (docs/decisions/0033-cover-rotation.md): the grid's pick of the slot's cover in SQL (the
// same rule as coverForSlot in cover-rotation.ts), the owner's choice read and saved, and each chosen cover's
// impressions and opens over the insights range.
import { and, asc, eq, sql } from "drizzle-orm";
import type { SQLWrapper } from "drizzle-orm";
import { getDb, schema, sqlStatement } from "~/platform/data/db.server";
import { selectOwnListing } from "~/features/listings/own-listing.server";
import type { Db, DbEnv } from "~/platform/data/db.server";
import { runningSums } from "./insights.server";
import { checkCoverChoice, COVER_MSG, coverResults } from "./cover-rotation";
import type { CoverCounts, CoverResult } from "./cover-rotation";

const l = schema.listings;
const img = schema.listingImages;
const lc = schema.listingCovers;

/**
 * The cover a card shows in `slot`, as 'key|width|height|verified' (verified: 1 when the photo is checked, for
 * the card's tick, docs/decisions/0055-each-photo-verified.md), or null when the listing has no choice (its own
 * cover then). Only photos visitors can see count: the k-th of the n visible choices by position, where
 * k = slot mod n. Plain correlated subqueries over at most 3 rows, read through the primary key.
 */
export function rotatedCoverSql(listingId: SQLWrapper, slot: number) {
  const visible = (alias: string) =>
    sql`from ${lc} ${sql.raw(alias)} join ${img} ${sql.raw(`${alias}i`)} on ${sql.raw(`${alias}i`)}.id = ${sql.raw(alias)}.image_id
      where ${sql.raw(alias)}.listing_id = ${listingId} and ${sql.raw(`${alias}i`)}.public = 1`;
  const n = sql`(select count(*) ${visible("cn")})`;
  const before = sql`(select count(*) ${visible("cb")} and cb.position < ca.position)`;
  return sql<
    string | null
  >`(select cai.r2_key || '|' || cai.width || '|' || cai.height || '|' || (cai.verified_at is not null) ${visible("ca")}
    and ${before} = ${slot} % ${n} limit 1)`;
}

/** A grid row's rotated cover, read back from rotatedCoverSql's text. */
export function parseRotatedCover(
  text: string | null | undefined,
): { key: string; width: number; height: number; verified: boolean } | null {
  if (!text) return null;
  const [key, w, h, v] = text.split("|");
  const width = Number(w);
  const height = Number(h);
  return key && width > 0 && height > 0 ? { key, width, height, verified: v === "1" } : null;
}

export type CoverPhoto = { imageId: string; r2Key: string; public: boolean; chosen: number | null };

/**
 * The cover section's two reads for one D1 batch: the listing's photos in order, each with its place among the
 * chosen covers (null: not chosen), and each visible chosen cover's impressions as a card's cover and the
 * profiles opened from such a card over the range, from the running totals (docs/decisions/0039-running-totals.md).
 */
export function coverQueries(db: Db, listingId: string, from: string) {
  const keys = sql`select ci.r2_key from ${lc} c join ${img} ci on ci.id = c.image_id
    where c.listing_id = ${listingId} and ci.public = 1`;
  return [
    db
      .select({ imageId: img.id, r2Key: img.r2Key, public: img.public, chosen: lc.position })
      .from(img)
      .leftJoin(lc, and(eq(lc.imageId, img.id), eq(lc.listingId, img.listingId)))
      .where(eq(img.listingId, listingId))
      .orderBy(asc(img.position), asc(img.createdAt), asc(img.id)),
    db
      .select({ photo: sql<string>`photo`, impressions: sql<number>`shown`, opens: sql<number>`card_opens` })
      .from(
        sql`(${runningSums("listing_photo_running", "photo", ["shown", "card_opens"], { listingId, from, keys })})`,
      ),
  ] as const;
}

export type CoverRotationView = { photos: CoverPhoto[]; results: CoverResult[] };

/** The section from what coverQueries read: the photos to choose from and each visible chosen cover's counts. */
export function coverRotationView(photos: CoverPhoto[], counts: CoverCounts[]): CoverRotationView {
  const byKey = new Map(counts.map((r) => [r.photo, r]));
  const chosen = photos.filter((p) => p.public && p.chosen !== null).sort((a, b) => a.chosen! - b.chosen!);
  return {
    photos,
    results: coverResults(chosen.map(({ r2Key: photo }) => byKey.get(photo) ?? { photo, impressions: 0, opens: 0 })),
  };
}

const CLEAR = "DELETE FROM listing_covers WHERE listing_id = ?1";
// Only the listing's own photos visitors can see are written, whatever was checked a moment before: a photo
// deleted meanwhile is left out rather than failing the batch.
const CHOOSE = `INSERT INTO listing_covers (listing_id, image_id, position)
  SELECT i.listing_id, i.id, CAST(j.key AS INTEGER) FROM json_each(?2) j JOIN listing_images i ON i.id = j.value
  WHERE i.listing_id = ?1 AND i.public = 1`;

export type SaveCoversResult = { ok: true; ids: string[] } | { ok: false; status: 400 | 404; error: string };

/**
 * Replaces the owner's cover choice for one listing: at most 3 of its visible photos, in the order given; an
 * empty choice turns rotation off. Someone else's listing is answered as not found.
 */
export async function saveCovers(
  env: DbEnv,
  userId: string,
  listingId: string,
  chosen: readonly unknown[],
): Promise<SaveCoversResult> {
  if (!(await selectOwnListing(env, userId, listingId, { id: l.id }))) {
    return { ok: false, status: 404, error: COVER_MSG.listing };
  }
  const db = getDb(env);
  const photos = await db.select({ imageId: img.id, public: img.public }).from(img).where(eq(img.listingId, listingId));
  const checked = checkCoverChoice(chosen, photos);
  if (!checked.ok) return { ok: false, status: 400, error: checked.error };
  await env.DB.batch([
    sqlStatement(env.DB, CLEAR, [listingId]),
    ...(checked.ids.length ? [sqlStatement(env.DB, CHOOSE, [listingId, JSON.stringify(checked.ids)])] : []),
  ]);
  return { ok: true, ids: checked.ids };
}
