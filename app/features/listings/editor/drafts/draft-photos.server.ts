// Photos uploaded into an unsaved listing stay with its draft (docs/decisions/0025-drafts-kept-with-their-photos.md).
// The draft itself (what was typed) lives in the browser; the photos are pending uploads on the server. The
// editor names the uploads its draft holds (PUT /api/uploads/draft) and those are kept until the draft would
// expire, instead of the hour an unsaved upload gets; uploads the draft stops naming fall back to that hour.
// Only their owner can read them back (GET /api/uploads/{id}): "pending/" is never served publicly.
import { and, eq, inArray, notInArray } from "drizzle-orm";
import { DRAFT_MAX_AGE_MS } from "~/core/draft-keys";
import { isId } from "~/platform/data/ids";
import { MAX_PHOTOS } from "~/features/photos/rules";
import { getDb, schema } from "~/platform/data/db.server";
import { claimable } from "~/features/photos/pending-uploads.server";
import type { DbEnv } from "~/platform/data/db.server";

const pu = schema.pendingUploads;

export const DRAFT_PHOTO_MSG = {
  badBody: "Send { listingId, uploadIds } with at most 20 upload ids",
  notFound: "Photo not found",
} as const;

/** The draft a photo belongs to: a new listing's, or one existing listing's. */
export const draftLabel = (listingId: string | null) => listingId ?? "new";

export type KeptUpload = { uploadId: string; width: number; height: number };

/** The body of PUT /api/uploads/draft, or null when it is not one. */
export function readKeepBody(data: Record<string, unknown>): { listingId: string | null; uploadIds: string[] } | null {
  const { listingId = null, uploadIds } = data;
  if (listingId !== null && !isId(listingId)) return null;
  if (!Array.isArray(uploadIds) || uploadIds.length > MAX_PHOTOS || !uploadIds.every(isId)) return null;
  return { listingId, uploadIds: [...new Set(uploadIds)] };
}

/**
 * Keeps these uploads of the user's with the draft until it expires, and lets go of the ones the same draft
 * held before and no longer names. Answers the uploads still there, in the order asked: the editor shows only
 * those (an upload may have expired or been saved meanwhile).
 */
export async function keepDraftUploads(
  env: DbEnv,
  userId: string,
  listingId: string | null,
  uploadIds: string[],
  now = Date.now(),
): Promise<KeptUpload[]> {
  const db = getDb(env);
  const label = draftLabel(listingId);
  const alive = uploadIds.length
    ? await db
        .select({ id: pu.id, width: pu.width, height: pu.height })
        .from(pu)
        .where(and(eq(pu.userId, userId), inArray(pu.id, uploadIds), claimable(now)))
    : [];
  const ids = alive.map((r) => r.id);
  const mine = and(eq(pu.userId, userId), eq(pu.draftKey, label));
  await db.batch([
    db
      .update(pu)
      .set({ keptUntil: null, draftKey: null })
      .where(ids.length ? and(mine, notInArray(pu.id, ids)) : mine),
    ...(ids.length
      ? [
          db
            .update(pu)
            .set({ keptUntil: now + DRAFT_MAX_AGE_MS, draftKey: label })
            .where(and(eq(pu.userId, userId), inArray(pu.id, ids))),
        ]
      : []),
  ]);
  const byId = new Map(alive.map((r) => [r.id, r]));
  return uploadIds.flatMap((id) => {
    const row = byId.get(id);
    return row ? [{ uploadId: row.id, width: row.width, height: row.height }] : [];
  });
}

/** One of the user's own unsaved photos (already processed: scaled, watermarked, no metadata), or null. */
export async function readDraftUpload(
  env: Pick<Env, "DB" | "PHOTOS">,
  userId: string,
  uploadId: string,
  now = Date.now(),
): Promise<R2ObjectBody | null> {
  if (!isId(uploadId)) return null;
  const [row] = await getDb(env)
    .select({ r2Key: pu.r2Key })
    .from(pu)
    .where(and(eq(pu.id, uploadId), eq(pu.userId, userId), claimable(now)));
  if (!row) return null;
  return env.PHOTOS.get(row.r2Key);
}
