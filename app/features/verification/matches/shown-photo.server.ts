// A decision on a photo that stayed shown while it waited (found by the hash backfill, decision 0066):
// release leaves it up; remove and impersonation take it off its listing in the decision's batch (the other
// photos renumbered, the cover rewritten), impersonation also refusing its hash at every later upload.
import { and, eq, ne, sql } from "drizzle-orm";
import type { SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { schema } from "~/platform/data/db.server";
import type { Db } from "~/platform/data/db.server";
import { coverStatement } from "~/features/photos/plan-photos.server";
import { takeDownStatement } from "~/features/photos/holds.server";

export type ShownPhoto = { id: string; listingId: string; r2Key: string; hash: string | null };

export function shownPhotoStatements(
  db: Db,
  decision: "release" | "remove" | "impersonation",
  photo: ShownPhoto,
  adminId: string,
  now: number,
  decidedNow: SQL,
): BatchItem<"sqlite">[] {
  if (decision === "release") return [];
  const img = schema.listingImages;
  const l = schema.listings;
  const numbered = db
    .select({
      id: img.id,
      rn: sql<number>`ROW_NUMBER() OVER (ORDER BY ${img.position}, ${img.createdAt}, ${img.id})`.as("rn"),
    })
    .from(img)
    .where(and(eq(img.listingId, photo.listingId), ne(img.id, photo.id)))
    .as("numbered");
  const statements: BatchItem<"sqlite">[] = [];
  if (decision === "impersonation" && photo.hash)
    statements.push(takeDownStatement(db, photo.hash, photo.listingId, adminId, now, decidedNow));
  statements.push(
    db.delete(img).where(and(eq(img.id, photo.id), decidedNow)),
    db
      .update(img)
      .set({ position: sql`${numbered.rn}` })
      .from(numbered)
      .where(and(eq(img.id, numbered.id), ne(img.position, numbered.rn), decidedNow)),
    coverStatement(db, photo.listingId),
    db
      .update(l)
      .set({ updatedAt: now })
      .where(and(eq(l.id, photo.listingId), decidedNow)),
  );
  return statements;
}
