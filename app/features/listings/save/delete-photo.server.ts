// Deleting one saved photo from the editor (DELETE /api/profile/images/{id}): the editor's other write to a
// listing's photos, beside the save's steps.
import { and, asc, eq, ne, sql } from "drizzle-orm";
import { isId } from "~/platform/data/ids";
import { LISTING_RULE_MSG } from "../rules";
import type { SessionUser } from "~/features/accounts/auth.server";
import { auditInsert, CHANGED } from "~/features/audit/audit.server";
import { getDb, schema } from "~/platform/data/db.server";
import { coverStatement } from "~/features/photos/plan-photos.server";
import { scheduleR2Deletes } from "~/features/photos/r2-deletes.server";
import { writeProfileSnapshot } from "~/features/profile/profile.server";
import { publishProfileUpdate } from "~/platform/realtime/publish.server";
import type { WaitUntil } from "./outcome.server";

const l = schema.listings;
const img = schema.listingImages;

export type DeleteImageOutcome =
  | { ok: true; listingId: string; images: { imageId: string; position: number }[] }
  | { ok: false; status: number; error: string };

/**
 * Removes a saved photo: its row (the others renumbered 1..n) and the listing's cover and count in one
 * batch, then the R2 object. Owner (or administrator) only.
 */
export async function deleteListingImage(
  env: Env,
  ctx: WaitUntil,
  user: Pick<SessionUser, "id" | "isAdmin">,
  imageId: string,
  now = Date.now(),
): Promise<DeleteImageOutcome> {
  if (!isId(imageId)) return { ok: false, status: 404, error: LISTING_RULE_MSG.imageNotFound };
  const db = getDb(env);
  const [found] = await db
    .select({ listingId: img.listingId, r2Key: img.r2Key, userId: l.userId })
    .from(img)
    .innerJoin(l, eq(l.id, img.listingId))
    .where(eq(img.id, imageId))
    .limit(1);
  if (!found) return { ok: false, status: 404, error: LISTING_RULE_MSG.imageNotFound };
  if (found.userId !== user.id && !user.isAdmin)
    return { ok: false, status: 403, error: LISTING_RULE_MSG.imageNotOwner };

  // An administrator removing someone else's photo is audited, only if the DELETE just before removed it.
  const audit =
    found.userId === user.id
      ? []
      : [auditInsert(db, { adminId: user.id, action: "delete_photo", listingId: found.listingId }, now, CHANGED)];
  // The remaining photos numbered 1..n in their order.
  const numbered = db
    .select({
      id: img.id,
      rn: sql<number>`ROW_NUMBER() OVER (ORDER BY ${img.position}, ${img.createdAt}, ${img.id})`.as("rn"),
    })
    .from(img)
    .where(eq(img.listingId, found.listingId))
    .as("numbered");
  const [deleted] = await db.batch([
    db.delete(img).where(and(eq(img.id, imageId), eq(img.listingId, found.listingId))),
    ...audit,
    db
      .update(img)
      .set({ position: sql`${numbered.rn}` })
      .from(numbered)
      .where(and(eq(img.id, numbered.id), ne(img.position, numbered.rn))),
    coverStatement(db, found.listingId),
    db.update(l).set({ updatedAt: now }).where(eq(l.id, found.listingId)),
    // The other photos keep their checks (docs/decisions/0055-each-photo-verified.md); the cover's tick
    // follows the cover (coverStatement above).
  ]);
  if (deleted.meta.changes === 0) return { ok: false, status: 404, error: LISTING_RULE_MSG.imageNotFound };
  // The row is gone, so nothing serves the photo any more; the object itself goes through the delete queue.
  await scheduleR2Deletes(env, [found.r2Key], "photo deleted");
  ctx.waitUntil(
    writeProfileSnapshot(env, found.listingId).catch((error: unknown) =>
      console.error("profile snapshot after photo delete failed", error),
    ),
  );
  publishProfileUpdate(env, ctx, found.listingId);
  const images = await db
    .select({ imageId: img.id, position: img.position })
    .from(img)
    .where(eq(img.listingId, found.listingId))
    .orderBy(asc(img.position));
  return { ok: true, listingId: found.listingId, images };
}
