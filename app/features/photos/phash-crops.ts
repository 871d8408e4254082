// From one small thumbnail of a photo to the hashes that find it (decision 0057). A copy cropped by up to
// 10 % of its width and of its height still holds the original's middle (10 % trimmed off each side), so the
// stored hash is of that middle, and an upload is hashed once per crop it may have had (2.5 % steps on each
// side, 225 guesses): one of them lines up with the original's middle to within 1.25 % of a side.
import { decode } from "fast-png";
import { HASH_SIDE, perceptualHash } from "./phash";

/** The thumbnail the Images binding makes: stretched to this many pixels square, written as PNG. */
export const THUMB_SIDE = 128;
/** The stored hash leaves out this much of each side. */
export const MIDDLE_MARGIN = 0.1;
/** The crop guesses' step. */
export const CROP_STEP = 0.025;

/** The grey levels of a 128 × 128 PNG thumbnail, row by row. Throws on anything else. */
export function lumaFromPng(png: Uint8Array): Float64Array {
  const image = decode(png);
  if (image.width !== THUMB_SIDE || image.height !== THUMB_SIDE) throw new Error("thumbnail is not 128 × 128");
  const channels = image.channels;
  const scale = image.depth === 16 ? 1 / 257 : 1;
  const d = image.data;
  const luma = new Float64Array(THUMB_SIDE * THUMB_SIDE);
  for (let i = 0; i < luma.length; i++) {
    const at = i * channels;
    // ITU-R BT.601 weights for colour, the value itself for grey (with or without alpha).
    luma[i] = (channels >= 3 ? 0.299 * d[at] + 0.587 * d[at + 1] + 0.114 * d[at + 2] : d[at]) * scale;
  }
  return luma;
}

function sample(luma: Float64Array, x: number, y: number): number {
  const n = THUMB_SIDE;
  const fx = Math.min(n - 1, Math.max(0, x * n - 0.5));
  const fy = Math.min(n - 1, Math.max(0, y * n - 0.5));
  const ix = Math.min(n - 2, Math.floor(fx));
  const iy = Math.min(n - 2, Math.floor(fy));
  const dx = fx - ix;
  const dy = fy - iy;
  const at = iy * n + ix;
  return (
    luma[at] * (1 - dx) * (1 - dy) +
    luma[at + 1] * dx * (1 - dy) +
    luma[at + n] * (1 - dx) * dy +
    luma[at + n + 1] * dx * dy
  );
}

/** The part [x0, x1] × [y0, y1] (fractions of the thumbnail) as a 32 × 32 image: 2 × 2 samples a pixel. */
export function region(luma: Float64Array, x0: number, x1: number, y0: number, y1: number): Float64Array {
  const n = HASH_SIDE;
  const k = 2;
  const out = new Float64Array(n * n);
  for (let oy = 0; oy < n; oy++)
    for (let ox = 0; ox < n; ox++) {
      let s = 0;
      for (let sy = 0; sy < k; sy++)
        for (let sx = 0; sx < k; sx++)
          s += sample(luma, x0 + ((ox + (sx + 0.5) / k) / n) * (x1 - x0), y0 + ((oy + (sy + 0.5) / k) / n) * (y1 - y0));
      out[oy * n + ox] = s / (k * k);
    }
  return out;
}

/** What each axis may have lost: (first side, second side), together at most the margin. */
const AXIS_CROPS: readonly [number, number][] = (() => {
  const out: [number, number][] = [];
  const steps = Math.round(MIDDLE_MARGIN / CROP_STEP);
  for (let a = 0; a <= steps; a++) for (let b = 0; a + b <= steps; b++) out.push([a * CROP_STEP, b * CROP_STEP]);
  return out;
})();

/** The hash kept with a photo: of its middle. */
export function storedHash(luma: Float64Array): string {
  const m = MIDDLE_MARGIN;
  return perceptualHash(region(luma, m, 1 - m, m, 1 - m));
}

/** What a copy lost of each side, as fractions of the original's width and height. */
type Crop = [left: number, right: number, top: number, bottom: number];
/** A window of the thumbnail as `region` reads it: its edges as fractions of the sides. */
type Window = [x0: number, x1: number, y0: number, y1: number];

/** The hash of one window for each way a copy may have been cropped (AXIS_CROPS on both axes). */
function hashesPerCrop(luma: Float64Array, window: (crop: Crop) => Window): string[] {
  const out: string[] = [];
  for (const [top, bottom] of AXIS_CROPS)
    for (const [left, right] of AXIS_CROPS)
      out.push(perceptualHash(region(luma, ...window([left, right, top, bottom]))));
  return out;
}

/**
 * The hashes an upload is looked up with: where the original's middle would be if the upload had lost
 * (left, right) of the original's width and (top, bottom) of its height. The first is the stored hash.
 */
export function lookupHashes(luma: Float64Array): string[] {
  const m = MIDDLE_MARGIN;
  return hashesPerCrop(luma, ([left, right, top, bottom]) => {
    const w = 1 - left - right;
    const h = 1 - top - bottom;
    return [(m - left) / w, 1 - (m - right) / w, (m - top) / h, 1 - (m - bottom) / h];
  });
}

/**
 * The other way round: the hashes that copies of this photo, cropped by up to (left, right) of its width and
 * (top, bottom) of its height, keep as theirs (the copy's middle, inside this photo). A photo saved before
 * hashing may be the original of a copy saved since (docs/decisions/0066-photo-hash-backfill-and-takedown-upkeep.md):
 * its own lookups only find what it was cropped from, these find what was cropped from it.
 */
export function copyHashes(luma: Float64Array): string[] {
  const m = MIDDLE_MARGIN;
  return hashesPerCrop(luma, ([left, right, top, bottom]) => {
    const w = 1 - left - right;
    const h = 1 - top - bottom;
    return [left + m * w, 1 - right - m * w, top + m * h, 1 - bottom - m * h];
  });
}

/** Both at once from the thumbnail's PNG bytes; `bothWays` adds the hashes of copies cropped from it. */
export function fingerprintOfPng(png: Uint8Array, bothWays = false): { hash: string; lookups: string[] } {
  const luma = lumaFromPng(png);
  const lookups = lookupHashes(luma);
  return { hash: lookups[0], lookups: bothWays ? [...new Set([...lookups, ...copyHashes(luma)])] : lookups };
}
