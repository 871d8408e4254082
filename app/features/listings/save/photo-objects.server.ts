// Steps 4 and 5 of a save: photos in the body go through the same processing as uploads, then every new
// photo's bytes go to R2 under a random public key. Nothing points at them until the batch commits; a
// failure removes them again (removeObjects).
import { newId } from "~/platform/data/ids";
import { LISTING_RULE_MSG } from "../rules";
import { PUBLIC_PHOTO_PREFIX } from "~/core/photo-keys";
import { processPhoto } from "~/features/photos/pipeline.server";
import type { ProcessedPhoto } from "~/features/photos/pipeline.server";
import { photoFailure } from "./outcome.server";
import type { SaveFailure } from "./outcome.server";
import type { orderPlanned } from "./photo-plan.server";

/** One image row the save writes: a saved photo renumbered, or a new one inserted. */
export type ImageRow = { id: string; r2Key: string; width: number; height: number; position: number; isNew: boolean };

export async function processBodyPhotos(
  env: Pick<Env, "IMAGES">,
  files: File[],
): Promise<{ ok: true; photos: ProcessedPhoto[] } | SaveFailure> {
  const photos: ProcessedPhoto[] = [];
  for (const file of files) {
    const result = await processPhoto(env.IMAGES, file);
    if (!result.ok) return photoFailure(result.problem === "size" ? 413 : 400, result.message);
    photos.push(result.photo);
  }
  return { ok: true, photos };
}

export type WrittenPhotos = {
  ok: true;
  rows: ImageRow[];
  /** The new public objects, removed again if the batch fails. */
  newKeys: string[];
  /** The private upload objects copied, removed once the batch has committed. */
  pendingKeys: string[];
};

export async function writePhotoObjects(
  env: Pick<Env, "PHOTOS">,
  ordered: ReturnType<typeof orderPlanned>,
  processed: ProcessedPhoto[],
): Promise<WrittenPhotos | SaveFailure> {
  const newKeys: string[] = [];
  const pendingKeys: string[] = [];
  const rows: ImageRow[] = [];
  try {
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
        const { width, height } = item.upload;
        rows.push({ id: newId(), r2Key: key, width, height, position: item.position, isNew: true });
      } else {
        const photo = processed[item.index];
        await env.PHOTOS.put(key, photo.bytes, { httpMetadata: { contentType: "image/webp" } });
        newKeys.push(key);
        const { width, height } = photo;
        rows.push({ id: newId(), r2Key: key, width, height, position: item.position, isNew: true });
      }
    }
  } catch (error) {
    await removeObjects(env, newKeys);
    throw error;
  }
  return { ok: true, rows, newKeys, pendingKeys };
}

export async function removeObjects(env: Pick<Env, "PHOTOS">, keys: string[]) {
  if (!keys.length) return;
  try {
    await env.PHOTOS.delete(keys);
  } catch (error) {
    console.error("photo cleanup failed", keys.length, error);
  }
}
