// The writes that keep a photo's hash with it and hold a photo that matches another account's
// (docs/decisions/0057-stolen-photos-caught-at-upload.md). Statements only: each rides in the batch of the
// save or decision that needs it, so a held photo, its hash and its review item are written together.
import { sql } from "drizzle-orm";
import type { SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { newId } from "~/platform/data/ids";
import { insertWhere, schema } from "~/platform/data/db.server";
import type { Db } from "~/platform/data/db.server";
import { hashBands } from "./phash";

/** A shown photo's hash, in the band index; with `when`, only if that holds at that point of the batch. */
export function photoHashStatement(db: Db, imageId: string, listingId: string, hash: string, when: SQL = sql`1`) {
  const [b0, b1, b2] = hashBands(hash);
  return insertWhere(db, schema.photoHashes, { imageId, listingId, hash, b0, b1, b2 }, when).onConflictDoNothing();
}

export type HeldPhoto = {
  id: string;
  r2Key: string;
  width: number;
  height: number;
  hash: string;
  match: { imageId: string; distance: number };
};

/** The held photo and its review item against the listing of the photo it matched. */
export function holdStatements(db: Db, listingId: string, held: HeldPhoto, now: number): BatchItem<"sqlite">[] {
  const img = schema.listingImages;
  const { id, r2Key, width, height, hash } = held;
  return [
    db.insert(schema.heldPhotos).values({ id, listingId, r2Key, width, height, hash, createdAt: now }),
    db.insert(schema.identityReviews).values({
      id: newId(),
      kind: "photo",
      listingId,
      // Looked up inside the batch: a photo removed since the upload leaves the item without its other side.
      otherListingId: sql`(select ${img.listingId} from ${img} where ${img.id} = ${held.match.imageId})`,
      otherImageId: sql`(select ${img.id} from ${img} where ${img.id} = ${held.match.imageId})`,
      heldPhotoId: id,
      distance: held.match.distance,
      createdAt: now,
    }),
  ];
}

/** A hash taken down as impersonation: refused at every later upload. */
export function takeDownStatement(db: Db, hash: string, listingId: string, adminId: string, now: number, when: SQL) {
  const [b0, b1, b2] = hashBands(hash);
  const row = { id: newId(), hash, b0, b1, b2, listingId, decidedBy: adminId, createdAt: now };
  return insertWhere(db, schema.takenDownHashes, row, when);
}
