// Which of a listing's photos visitors see (decision 0017): all of them (up to 20) while it is
// featured, 10 while it is Standard, the others kept, not deleted. These are statements for the batch of
// whatever changes `featured` (a subscription write, an administrator's grant, the cron ending one), placed
// after that change, so the photos and the cover always match the plan in the same commit.
import { and, asc, count, eq, sql } from "drizzle-orm";
import type { SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import { photoUrl } from "~/core/photo-keys";
import { PLANS } from "~/core/plans";
import { getDb, schema } from "~/platform/data/db.server";
import type { Db, DbEnv } from "~/platform/data/db.server";

const l = schema.listings;
const img = schema.listingImages;

/**
 * `public` of every photo of a paid listing, from its `featured` as the batch has just written it: the first
 * 20 (Featured) or 10 (Standard), photos hidden by a takedown case never (decision 0066), in the order public first (so a Standard listing's own arrangement stays),
 * then the owner's choice, then position. An unpaid listing is hidden as a whole and its photos are left as
 * they are, so an expiry does not undo a choice the renewal would need.
 */
export function photoVisibilityStatement(db: Db, listingId: string) {
  const ranked = db
    .select({
      id: img.id,
      rn: sql<number>`ROW_NUMBER() OVER (ORDER BY ${img.caseHidden}, ${img.public} DESC, ${img.keptOnStandard} DESC, ${img.position}, ${img.createdAt}, ${img.id})`.as(
        "rn",
      ),
      caseHidden: sql<number>`${img.caseHidden}`.as("hidden_by_case"),
    })
    .from(img)
    .where(eq(img.listingId, listingId))
    .as("ranked");
  const limit = sql`(SELECT CASE WHEN ${l.featured} = 1 THEN ${PLANS.featured.maxPhotos} ELSE ${PLANS.standard.maxPhotos} END FROM ${l} WHERE ${l.id} = ${listingId})`;
  // A photo hidden while a takedown case waits is never shown by a plan, and takes no plan's place.
  const shown = sql`CASE WHEN ${ranked.caseHidden} = 1 THEN 0 WHEN ${ranked.rn} <= ${limit} THEN 1 ELSE 0 END`;
  const paid = sql`EXISTS (SELECT 1 FROM ${l} WHERE ${l.id} = ${listingId} AND ${l.paid} = 1)`;
  return db
    .update(img)
    .set({ public: sql`${shown}` })
    .from(ranked)
    .where(and(eq(img.id, ranked.id), paid, sql`${img.public} <> ${shown}`));
}

/**
 * The cover (the first public photo), whether it is verified (the card's tick, docs/decisions/0055-each-photo-verified.md)
 * and the count of public photos, read back from the same batch.
 */
export function coverStatement(db: Db, listingId: string) {
  const shown = and(eq(img.listingId, listingId), eq(img.public, true));
  const first = (column: SQLiteColumn | SQL) =>
    sql`${db.select({ value: column }).from(img).where(shown).orderBy(asc(img.position), asc(img.createdAt)).limit(1)}`;
  return db
    .update(l)
    .set({
      coverKey: first(img.r2Key),
      coverWidth: first(img.width),
      coverHeight: first(img.height),
      photoVerified: sql`coalesce(${first(sql`${img.verifiedAt} IS NOT NULL`)}, 0)`,
      imageCount: sql`${db.select({ n: count() }).from(img).where(shown)}`,
    })
    .where(eq(l.id, listingId));
}

/** Both, in order: for the batch of anything that changes `featured`. */
export function publicPhotoStatements(db: Db, listingId: string): [BatchItem<"sqlite">, BatchItem<"sqlite">] {
  return [photoVisibilityStatement(db, listingId), coverStatement(db, listingId)];
}

/** Stores the owner's choice of the photos kept public on Standard (ids already checked as the listing's). */
export function keepChoiceStatement(db: Db, listingId: string, ids: readonly string[]) {
  const chosen = sql`CASE WHEN ${img.id} IN (${sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  )}) THEN 1 ELSE 0 END`;
  return db
    .update(img)
    .set({ keptOnStandard: sql`${chosen}` })
    .where(and(eq(img.listingId, listingId), sql`${img.keptOnStandard} <> ${chosen}`));
}

/** The listing's photos in order, for the owner's choice on /managesub. */
export async function choosablePhotos(env: DbEnv, listingId: string) {
  const rows = await getDb(env)
    .select({ imageId: img.id, r2Key: img.r2Key, position: img.position, keptOnStandard: img.keptOnStandard })
    .from(img)
    .where(eq(img.listingId, listingId))
    .orderBy(asc(img.position), asc(img.createdAt));
  return rows.map(({ r2Key, ...r }) => ({ ...r, url: photoUrl(r2Key) }));
}
