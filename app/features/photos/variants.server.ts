// Made on the first request for a size, then read from R2 (decision 0013). Photos that existed before the
// sizes did (demo data, earlier uploads) get theirs the same way, so there is no backfill to run.
import { variantKey, VARIANT_QUALITY } from "./variants";
import type { PhotoWidth } from "./variants";
import { resizedWebp } from "./pipeline.server";
import { scheduleR2Deletes } from "./r2-deletes.server";

export type MadeVariant =
  | { stored: true; bytes: Uint8Array; etag: string }
  /** The stored photo could not be read by the binding: its own bytes are answered, nothing is stored. */
  | { stored: false; bytes: Uint8Array; contentType: string; etag: string };

/**
 * Makes one size of a stored photo and stores it. `stillExists` is asked after the put: a delete
 * that ran between the visibility check and the put queued this key before it existed, so the new object
 * is removed here instead (nothing of a deleted photo may stay in R2). Null when the photo is gone.
 */
export async function makeVariant(
  env: Pick<Env, "PHOTOS" | "IMAGES" | "R2_DELETES" | "DB">,
  key: string,
  width: PhotoWidth,
  stillExists: () => Promise<boolean>,
): Promise<MadeVariant | null> {
  const source = await env.PHOTOS.get(key);
  if (!source) return null;
  const original = new Uint8Array(await source.arrayBuffer());
  let bytes: Uint8Array;
  try {
    bytes = (await resizedWebp(env.IMAGES, original, width, VARIANT_QUALITY)).bytes;
  } catch (error) {
    console.error(
      "photo variant failed; serving the stored photo",
      key,
      width,
      error instanceof Error ? error.message : error,
    );
    return {
      stored: false,
      bytes: original,
      contentType: source.httpMetadata?.contentType ?? "image/webp",
      etag: source.httpEtag,
    };
  }
  const target = variantKey(key, width);
  const put = await env.PHOTOS.put(target, bytes, { httpMetadata: { contentType: "image/webp" } });
  if (!(await stillExists())) {
    await scheduleR2Deletes(env, [target], "photo deleted while a size was made");
    return null;
  }
  return { stored: true, bytes, etag: put.httpEtag };
}
