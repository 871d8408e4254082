// From one small thumbnail of a photo to the hashes that find it (decision 0057). A copy cropped by up to
// 10 % of its width and of its height still holds the original's middle (10 % trimmed off each side), so the
// stored hash is of that middle, and an upload is hashed once per crop it may have had (2.5 % steps on each
// side, 225 guesses): one of them lines up with the original's middle to within 1.25 % of a side.
import { decode } from "fast-png";
import { HASH_SIDE, hashOfRowTransforms, ROW_FREQUENCIES, rowCosines } from "./phash";

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

/** Each hashed pixel averages this many samples along each axis (2 × 2 a pixel). */
const SUBSAMPLES = 2;
/** What one hashed pixel reads along one axis: the two thumbnail pixels nearest each of its samples. */
const TAPS = 2 * SUBSAMPLES;

/** For each of the 32 hashed pixels along one axis, the thumbnail pixels it reads and their weights. */
type Taps = { index: Int32Array; weight: Float64Array };

/**
 * How one axis of the hashed image reads the span [from, to] of the thumbnail's side (fractions of it): each
 * pixel is the mean of its samples, each sample interpolated between its two nearest thumbnail pixels.
 *
 * Interpolating a square grid at points laid out along the axes weighs each axis on its own, so a window's
 * 32 × 32 image is the thumbnail weighed along x, then along y. Each guess's window shares its x span with
 * 14 others and its y span with 14 others: the rows are weighed and transformed once per x span, and each
 * guess only weighs those along y (about a twentieth of sampling every point of every window).
 */
function axisTaps(from: number, to: number): Taps {
  const side = THUMB_SIDE;
  const n = HASH_SIDE;
  const index = new Int32Array(n * TAPS);
  const weight = new Float64Array(n * TAPS);
  for (let pixel = 0; pixel < n; pixel++)
    for (let s = 0; s < SUBSAMPLES; s++) {
      const at = from + ((pixel + (s + 0.5) / SUBSAMPLES) / n) * (to - from);
      // Pixel centres sit at half steps; the edges hold their value.
      const f = Math.min(side - 1, Math.max(0, at * side - 0.5));
      const i = Math.min(side - 2, Math.floor(f));
      const d = f - i;
      const tap = pixel * TAPS + 2 * s;
      index[tap] = i;
      weight[tap] = (1 - d) / SUBSAMPLES;
      index[tap + 1] = i + 1;
      weight[tap + 1] = d / SUBSAMPLES;
    }
  return { index, weight };
}

/** Every row of the thumbnail weighed along x, then transformed: its lowest frequencies (phash.ts). */
function rowTransforms(luma: Float64Array, x: Taps): Float64Array {
  const side = THUMB_SIDE;
  const n = HASH_SIDE;
  const f = ROW_FREQUENCIES;
  const c = rowCosines();
  const out = new Float64Array(side * f);
  for (let row = 0; row < side; row++)
    for (let pixel = 0; pixel < n; pixel++) {
      let value = 0;
      for (let tap = pixel * TAPS; tap < (pixel + 1) * TAPS; tap++)
        value += x.weight[tap] * luma[row * side + x.index[tap]];
      for (let v = 0; v < f; v++) out[row * f + v] += value * c[v * n + pixel];
    }
  return out;
}

/** The hash of the window whose rows `rowTransforms` made, weighed along y. */
function windowHash(transformed: Float64Array, y: Taps): string {
  const n = HASH_SIDE;
  const f = ROW_FREQUENCIES;
  const rows = new Float64Array(n * f);
  for (let pixel = 0; pixel < n; pixel++)
    for (let tap = pixel * TAPS; tap < (pixel + 1) * TAPS; tap++) {
      const w = y.weight[tap];
      const from = y.index[tap] * f;
      for (let v = 0; v < f; v++) rows[pixel * f + v] += w * transformed[from + v];
    }
  return hashOfRowTransforms(rows);
}

/** What each axis may have lost: (first side, second side), together at most the margin. */
const AXIS_CROPS: readonly [number, number][] = (() => {
  const out: [number, number][] = [];
  const steps = Math.round(MIDDLE_MARGIN / CROP_STEP);
  for (let a = 0; a <= steps; a++) for (let b = 0; a + b <= steps; b++) out.push([a * CROP_STEP, b * CROP_STEP]);
  return out;
})();

/** The part of one axis a window reads, for what a copy lost of its two sides (fractions of the side). */
type Span = (first: number, second: number) => [from: number, to: number];

/** The middle of a photo that lost nothing. */
const MIDDLE: [number, number] = [MIDDLE_MARGIN, 1 - MIDDLE_MARGIN];

/** The hash kept with a photo: of its middle. */
export function storedHash(luma: Float64Array): string {
  return windowHash(rowTransforms(luma, axisTaps(...MIDDLE)), axisTaps(...MIDDLE));
}

/**
 * The hash of one window for each way a copy may have been cropped (AXIS_CROPS on both axes): top and bottom
 * outside, left and right inside.
 */
function hashesPerCrop(luma: Float64Array, span: Span): string[] {
  const columns = AXIS_CROPS.map(([left, right]) => rowTransforms(luma, axisTaps(...span(left, right))));
  const out: string[] = [];
  for (const [top, bottom] of AXIS_CROPS) {
    const rows = axisTaps(...span(top, bottom));
    for (const transformed of columns) out.push(windowHash(transformed, rows));
  }
  return out;
}

/**
 * The hashes an upload is looked up with: where the original's middle would be if the upload had lost
 * (left, right) of the original's width and (top, bottom) of its height. The first is the stored hash.
 */
export function lookupHashes(luma: Float64Array): string[] {
  const m = MIDDLE_MARGIN;
  return hashesPerCrop(luma, (first, second) => {
    const kept = 1 - first - second;
    return [(m - first) / kept, 1 - (m - second) / kept];
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
  return hashesPerCrop(luma, (first, second) => {
    const kept = 1 - first - second;
    return [first + m * kept, 1 - second - m * kept];
  });
}

/** Both at once from the thumbnail's PNG bytes; `bothWays` adds the hashes of copies cropped from it. */
export function fingerprintOfPng(png: Uint8Array, bothWays = false): { hash: string; lookups: string[] } {
  const luma = lumaFromPng(png);
  const lookups = lookupHashes(luma);
  return { hash: lookups[0], lookups: bothWays ? [...new Set([...lookups, ...copyHashes(luma)])] : lookups };
}
