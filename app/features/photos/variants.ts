// Smaller copies of every public listing photo (decisions 0013 and 0071): WebP at five widths, stored in R2 next to
// the photo they were made from and served under the same rules. A variant's key (and URL after /photos/)
// is the photo's own with the width before the extension: listing/{id}.webp → listing/{id}.w480.webp.
import { isPublicPhotoKey, photoUrl } from "~/core/photo-keys";

/**
 * The only widths that exist. Anything else in a URL is refused before any work, so nothing new is stored.
 * 360 and 720 are a phone's card and profile photo (decision 0071); 480, 960 and 1600 the first three (0013).
 */
export const PHOTO_WIDTHS = [360, 480, 720, 960, 1600] as const;
export type PhotoWidth = (typeof PHOTO_WIDTHS)[number];

const VARIANT_KEY = /^(listing\/[0-9a-z]{24})\.w(\d{1,5})\.webp$/;
const PHOTO_URL = /^\/photos\/(listing\/[0-9a-z]{24}\.webp)$/;

/** WebP quality of every size (decision 0013 has the bytes it gives). */
export const VARIANT_QUALITY = 75;

export const UNKNOWN_WIDTH_MSG = `Photo width must be one of ${PHOTO_WIDTHS.join(", ")}`;

export type PhotoPath =
  | { kind: "original"; key: string }
  | { kind: "variant"; key: string; width: PhotoWidth }
  | { kind: "unknown-width" }
  | { kind: "not-found" };

function isPhotoWidth(n: number): n is PhotoWidth {
  return (PHOTO_WIDTHS as readonly number[]).includes(n);
}

/** What the part of a /photos/ URL after the prefix names: the photo itself, one of its sizes, or nothing. */
export function parsePhotoPath(path: string): PhotoPath {
  if (isPublicPhotoKey(path)) return { kind: "original", key: path };
  const m = VARIANT_KEY.exec(path);
  if (!m) return { kind: "not-found" };
  const width = Number(m[2]);
  // "w0480" is not "w480": one spelling per object, so no second key can ever be stored for the same size.
  if (!isPhotoWidth(width) || String(width) !== m[2]) return { kind: "unknown-width" };
  return { kind: "variant", key: `${m[1]}.webp`, width };
}

/** The R2 key (and the path after /photos/) of one size of a stored photo. */
export function variantKey(key: string, width: PhotoWidth): string {
  return key.replace(/\.webp$/, `.w${width}.webp`);
}

/**
 * The keys to delete with these: every public photo's key brings its variants' keys along (whether or not
 * they were made yet; deleting a missing key is a no-op), so no delete path can leave a size behind.
 */
export function withVariantKeys(keys: readonly string[]): string[] {
  const all = new Set<string>();
  for (const key of keys) {
    if (!key) continue;
    all.add(key);
    if (isPublicPhotoKey(key)) for (const w of PHOTO_WIDTHS) all.add(variantKey(key, w));
  }
  return [...all];
}

/** The stored photo's key behind a /photos/ URL, or null for any other URL (placeholders, previews, blobs). */
function keyOfUrl(url: string): string | null {
  return PHOTO_URL.exec(url)?.[1] ?? null;
}

/**
 * A `srcset` of the photo's sizes, each described by the width it really has: a photo narrower than a size
 * is never enlarged, so that size carries the photo's own width and the larger sizes are left out (they
 * would be the same picture). Null for a URL that is not a stored listing photo.
 */
export function photoSrcSet(url: string, sourceWidth: number): string | null {
  const key = keyOfUrl(url);
  if (!key) return null;
  const parts: string[] = [];
  for (const w of PHOTO_WIDTHS) {
    const real = Math.min(w, sourceWidth);
    parts.push(`${photoUrl(variantKey(key, w))} ${real}w`);
    if (real >= sourceWidth) break;
  }
  return parts.join(", ");
}

/** One size's URL (for `src`, the fallback when srcset is not used), or the URL unchanged if it is no stored photo. */
export function photoVariantUrl(url: string, width: PhotoWidth): string {
  const key = keyOfUrl(url);
  return key ? photoUrl(variantKey(key, width)) : url;
}

// `sizes`: the width each image is laid out at, from the Tailwind classes of the components that use them
// (container max-w-7xl = 1280 px, padding 12 px under 640 px and 24 px above). Honest widths: the browser
// multiplies by the screen's density itself (decision 0013 explains what a 390 px phone then picks).

/**
 * A card in GRID_CLASSES: 2 columns (gap 12 px, 16 px from 640 px), 3 from 768 px, 4 from 1024 px. On a
 * phone with 2.5 or more device pixels to the CSS pixel the width is stated at two thirds: cards are drawn
 * at no more than 2 device pixels a CSS pixel, so a 390 px phone at 3x takes the 360 px size (354 px
 * wanted; about half the bytes of the 480, decision 0071), and its photo is scaled up by 1.5 on a screen too
 * dense to show it.
 */
export const CARD_SIZES =
  "(max-width: 639px) and (min-resolution: 2.5dppx) calc((100vw - 36px) / 3), (min-width: 1280px) 296px, (min-width: 1024px) calc((100vw - 96px) / 4), (min-width: 768px) calc((100vw - 80px) / 3), (min-width: 640px) calc((100vw - 64px) / 2), calc((100vw - 36px) / 2)";

/** The profile's main photo: full width on phones; two thirds of the gallery beside the 320 px contact card. */
export const GALLERY_MAIN_SIZES =
  "(min-width: 1280px) 590px, (min-width: 768px) calc((100vw - 392px) * 2 / 3), (min-width: 640px) calc((100vw - 56px) * 2 / 3), calc(100vw - 24px)";

/** The gallery's smaller photos: four in a row on phones, two in a column beside the main photo above. */
export const GALLERY_SIDE_SIZES =
  "(min-width: 1280px) 144px, (min-width: 768px) calc((100vw - 392px) / 6), (min-width: 640px) calc((100vw - 56px) / 6), calc((100vw - 48px) / 4)";

/** The lightbox shows the photo whole, at most 92% of the width and 90% of the height of the screen. */
export function lightboxSizes(width: number, height: number): string {
  const byHeight = Math.max(1, Math.round((90 * width) / Math.max(1, height)));
  // Height-bound when the screen is wider than 92vw : byHeight vh, that is its aspect ratio above byHeight/92.
  return `(min-aspect-ratio: ${byHeight}/92) ${byHeight}vh, 92vw`;
}
