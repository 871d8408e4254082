// The owner's view of their held photos (docs/decisions/0057-stolen-photos-caught-at-upload.md): read in the
// dashboard's one round trip, shown on each listing's card as 'Under review: this photo matches one on
// another listing'. Likewise the listings whose new contact number waits (decision 0062).
import { and, asc, eq, inArray } from "drizzle-orm";
import type { Placeholder, SQL } from "drizzle-orm";
import { photoUrl } from "~/core/photo-keys";
import { schema } from "~/platform/data/db.server";
import type { Db } from "~/platform/data/db.server";
import type { HeldPhotoView } from "./verification";

export function heldPhotosQuery(db: Db, owner: SQL | Placeholder | string) {
  const h = schema.heldPhotos;
  const r = schema.identityReviews;
  const l = schema.listings;
  return db
    .select({ id: h.id, listingId: h.listingId, r2Key: h.r2Key, width: h.width, height: h.height })
    .from(h)
    .innerJoin(r, and(eq(r.heldPhotoId, h.id), eq(r.status, "pending")))
    .where(inArray(h.listingId, db.select({ id: l.id }).from(l).where(eq(l.userId, owner))))
    .orderBy(asc(h.createdAt));
}

type Row = { id: string; listingId: string; r2Key: string; width: number; height: number };

/** Held photos by listing id. */
export function toHeldPhotos(rows: Row[]): Record<string, HeldPhotoView[]> {
  const out: Record<string, HeldPhotoView[]> = {};
  for (const row of rows)
    (out[row.listingId] ??= []).push({ id: row.id, url: photoUrl(row.r2Key), width: row.width, height: row.height });
  return out;
}

/** The owner's listings whose new contact number is held for review (decision 0062). */
export function heldNumbersQuery(db: Db, owner: SQL | Placeholder | string) {
  const r = schema.identityReviews;
  const l = schema.listings;
  return db
    .selectDistinct({ listingId: r.listingId })
    .from(r)
    .where(
      and(
        eq(r.kind, "phone"),
        eq(r.status, "pending"),
        inArray(r.listingId, db.select({ id: l.id }).from(l).where(eq(l.userId, owner))),
      ),
    );
}
