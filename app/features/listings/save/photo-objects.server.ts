// Steps 4 and 5 of a save: photos in the body go through the same processing as uploads, then every new
// photo's bytes go to R2 under a random public key. Nothing points at them until the batch commits; a
// failure removes them again (removeObjects).
import { newId } from "~/platform/data/ids";
import { LISTING_RULE_MSG } from "../rules";
import { PUBLIC_PHOTO_PREFIX } from "~/core/photo-keys";
import { processPhoto } from "~/features/photos/pipeline.server";
import type { ProcessedPhoto } from "~/features/photos/pipeline.server";
import { findPhotoMatch, isTakenDown, MATCH_MSG, photoFingerprint } from "~/features/photos/phash.server";
import type { PhotoMatch } from "~/features/photos/phash.server";
import type { PendingUpload } from "~/features/photos/pending-uploads.server";
import { photoFailure } from "./outcome.server";
import type { SaveFailure } from "./outcome.server";
import type { orderPlanned } from "./photo-plan.server";

/** One image row the save writes: a saved photo renumbered, or a new one inserted (with its hash). */
export type ImageRow = {
  id: string;
  r2Key: string;
  width: number;
  height: number;
  position: number;
  isNew: boolean;
  hash?: string | null;
};

/** A new photo the save holds for review instead of showing (decision 0057). */
export type HeldRow = {
  id: string;
  r2Key: string;
  width: number;
  height: number;
  hash: string;
  /** The other account's photo it matched, and how close. */
  match: { imageId: string; distance: number };
};

export type BodyPhoto = ProcessedPhoto & { hash: string; match: PhotoMatch | null };

/** Photos in the body: processed and hashed like uploads; one taken down as impersonation is refused. */
export async function processBodyPhotos(
  env: Pick<Env, "IMAGES" | "DB">,
  userId: string,
  files: File[],
): Promise<{ ok: true; photos: BodyPhoto[] } | SaveFailure> {
  const photos: BodyPhoto[] = [];
  for (const file of files) {
    const result = await processPhoto(env.IMAGES, file);
    if (!result.ok) return photoFailure(result.problem === "size" ? 413 : 400, result.message);
    const fingerprint = await photoFingerprint(env.IMAGES, file);
    if (!fingerprint) return photoFailure(400, MATCH_MSG.hashFailed);
    if (await isTakenDown(env, fingerprint)) return photoFailure(400, MATCH_MSG.takenDown);
    const match = await findPhotoMatch(env, userId, fingerprint);
    photos.push({ ...result.photo, hash: fingerprint.hash, match });
  }
  return { ok: true, photos };
}

export type WrittenPhotos = {
  ok: true;
  rows: ImageRow[];
  held: HeldRow[];
  /** The new public objects, removed again if the batch fails. */
  newKeys: string[];
  /** The private upload objects copied, removed once the batch has committed. */
  pendingKeys: string[];
};

export async function writePhotoObjects(
  env: Pick<Env, "PHOTOS">,
  ordered: ReturnType<typeof orderPlanned>,
  processed: BodyPhoto[],
  heldUploads: PendingUpload[],
): Promise<WrittenPhotos | SaveFailure> {
  const newKeys: string[] = [];
  const pendingKeys: string[] = [];
  const rows: ImageRow[] = [];
  const held: HeldRow[] = [];
  try {
    // Held uploads get their public-shaped key now (published nowhere until released), so a release only
    // moves the row.
    for (const upload of heldUploads) {
      const key = `${PUBLIC_PHOTO_PREFIX}${newId(24)}.webp`;
      const object = await env.PHOTOS.get(upload.r2Key);
      if (!object || !upload.phash || !upload.matchImageId) {
        await removeObjects(env, newKeys);
        return photoFailure(400, LISTING_RULE_MSG.uploadsMissing);
      }
      await env.PHOTOS.put(key, await object.arrayBuffer(), { httpMetadata: { contentType: "image/webp" } });
      pendingKeys.push(upload.r2Key);
      newKeys.push(key);
      const { width, height, phash, matchImageId, matchDistance } = upload;
      const match = { imageId: matchImageId, distance: matchDistance ?? 0 };
      held.push({ id: newId(), r2Key: key, width, height, hash: phash, match });
    }
    for (const item of ordered) {
      if (item.kind === "saved") {
        const { public: _shown, ...image } = item.image;
        rows.push({ ...image, position: item.position, isNew: false });
        continue;
      }
      const key = `${PUBLIC_PHOTO_PREFIX}${newId(24)}.webp`;
      if (item.kind === "upload") {
        const object = await env.PHOTOS.get(item.upload.r2Key);
        if (!object) {
          await removeObjects(env, newKeys);
          return photoFailure(400, LISTING_RULE_MSG.uploadsMissing);
        }
        await env.PHOTOS.put(key, await object.arrayBuffer(), { httpMetadata: { contentType: "image/webp" } });
        pendingKeys.push(item.upload.r2Key);
        newKeys.push(key);
        const { width, height, phash } = item.upload;
        rows.push({ id: newId(), r2Key: key, width, height, position: item.position, isNew: true, hash: phash });
      } else {
        const photo = processed[item.index];
        await env.PHOTOS.put(key, photo.bytes, { httpMetadata: { contentType: "image/webp" } });
        newKeys.push(key);
        const { width, height, hash, match } = photo;
        if (match) held.push({ id: newId(), r2Key: key, width, height, hash, match });
        else rows.push({ id: newId(), r2Key: key, width, height, position: item.position, isNew: true, hash });
      }
    }
  } catch (error) {
    await removeObjects(env, newKeys);
    throw error;
  }
  // A held file leaves a gap in the order: number the shown photos 1..n again.
  rows.sort((a, b) => a.position - b.position).forEach((row, i) => (row.position = i + 1));
  return { ok: true, rows, held, newKeys, pendingKeys };
}

export async function removeObjects(env: Pick<Env, "PHOTOS">, keys: string[]) {
  if (!keys.length) return;
  try {
    await env.PHOTOS.delete(keys);
  } catch (error) {
    console.error("photo cleanup failed", keys.length, error);
  }
}
