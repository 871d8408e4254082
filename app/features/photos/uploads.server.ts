// POST /api/uploads: one photo processed at once and stored privately until a save uses it (the
// lifetime of these uploads is described in pending-uploads.server.ts).
import { and, count, eq, gte, isNull } from "drizzle-orm";
import { newId } from "~/platform/data/ids";
import { getDb, schema } from "~/platform/data/db.server";
import { processPhoto } from "./pipeline.server";
import type { PhotoProblem } from "./pipeline.server";
import { MAX_PENDING_PER_USER, PENDING_TTL_MS, pendingKey, UPLOAD_MSG } from "./pending-uploads.server";
import { findPhotoMatch, isTakenDown, MATCH_MSG, photoFingerprint } from "./phash.server";

export type UploadResult =
  | { ok: true; upload: { uploadId: string; width: number; height: number } }
  | { ok: false; status: number; error: string; problem?: PhotoProblem | "limit" | "taken_down" };

/** Processes and stores one photo for `userId`, answering its upload id. */
export async function createPendingUpload(
  env: Env,
  userId: string,
  file: File,
  now = Date.now(),
): Promise<UploadResult> {
  const pu = schema.pendingUploads;
  const db = getDb(env);
  const [waiting] = await db
    .select({ n: count() })
    .from(pu)
    // Uploads a draft keeps do not count: a draft holds at most a listing's photos (draft-photos.server.ts).
    .where(and(eq(pu.userId, userId), isNull(pu.keptUntil), gte(pu.createdAt, now - PENDING_TTL_MS)));
  if ((waiting?.n ?? 0) >= MAX_PENDING_PER_USER)
    return { ok: false, status: 429, error: UPLOAD_MSG.tooManyPending, problem: "limit" };

  const result = await processPhoto(env.IMAGES, file);
  if (!result.ok)
    return { ok: false, status: result.problem === "size" ? 413 : 400, error: result.message, problem: result.problem };

  // Caught at upload (decision 0057): a photo taken down as impersonation is refused; one that nearly matches
  // a photo of another account is marked, and the save holds it for an administrator instead of showing it.
  const fingerprint = await photoFingerprint(env.IMAGES, file);
  if (!fingerprint) return { ok: false, status: 400, error: MATCH_MSG.hashFailed, problem: "process" };
  if (await isTakenDown(env, fingerprint))
    return { ok: false, status: 400, error: MATCH_MSG.takenDown, problem: "taken_down" };
  const match = await findPhotoMatch(env, userId, fingerprint);

  const id = newId();
  const key = pendingKey();
  await env.PHOTOS.put(key, result.photo.bytes, { httpMetadata: { contentType: "image/webp" } });
  try {
    await db.insert(pu).values({
      id,
      userId,
      r2Key: key,
      width: result.photo.width,
      height: result.photo.height,
      createdAt: now,
      phash: fingerprint.hash,
      matchImageId: match?.imageId ?? null,
      matchDistance: match?.distance ?? null,
    });
  } catch (error) {
    // No row, no way to find the object again: remove it now rather than leave it to the cron.
    await env.PHOTOS.delete(key).catch(() => undefined);
    throw error;
  }
  return { ok: true, upload: { uploadId: id, width: result.photo.width, height: result.photo.height } };
}
