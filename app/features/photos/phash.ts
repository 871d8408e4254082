// The perceptual hash of a listing photo (docs/decisions/0057-stolen-photos-caught-at-upload.md): a 64-bit
// DCT hash (pHash) of a 32 × 32 grey image. Two copies of one picture (resized, re-encoded, brightened) land
// at most 2 bits apart; different pictures, even the seed's look-alikes, at least 4. Pure: the Worker, the
// bench and the tests all run this same code.

/** The hashed image is this many pixels square. */
export const HASH_SIDE = 32;
/** Copies differ in at most this many bits (every hash has 32 bits set, so distances are even). */
export const MATCH_THRESHOLD = 2;
/** The hash is indexed in three bands (22, 21 and 21 bits): two differing bits leave one band equal. */
export const BAND_WIDTHS = [22, 21, 21] as const;

// Cosines of the DCT-II over 32 points, computed once.
let cosines: Float64Array | null = null;
function cosineTable(): Float64Array {
  if (cosines) return cosines;
  const n = HASH_SIDE;
  cosines = new Float64Array(n * n);
  for (let k = 0; k < n; k++)
    for (let x = 0; x < n; x++) cosines[k * n + x] = Math.cos(((2 * x + 1) * k * Math.PI) / (2 * n));
  return cosines;
}

/** The 64 lowest frequencies after the mean, in zigzag order: (u, v) with u + v = 1, 2, ... 10. */
const ZIGZAG: readonly [number, number][] = (() => {
  const order: [number, number][] = [];
  for (let sum = 1; order.length < 64; sum++)
    for (let u = 0; u <= sum && order.length < 64; u++) order.push([u, sum - u]);
  return order;
})();
const MAX_FREQ = 11;

/**
 * The hash of a 32 × 32 grey image (row by row), as 16 hex digits: one bit per low frequency, set when that
 * coefficient is above the median of the 64. The mean (DC) is left out, so brightness alone moves nothing.
 */
export function perceptualHash(luma: Float64Array): string {
  const n = HASH_SIDE;
  if (luma.length !== n * n) throw new Error("expected a 32 × 32 image");
  const c = cosineTable();
  // Rows first (only the 11 lowest frequencies are ever read), then columns.
  const rows = new Float64Array(n * MAX_FREQ);
  for (let y = 0; y < n; y++)
    for (let v = 0; v < MAX_FREQ; v++) {
      let s = 0;
      for (let x = 0; x < n; x++) s += luma[y * n + x] * c[v * n + x];
      rows[y * MAX_FREQ + v] = s;
    }
  return hashOfRowTransforms(rows);
}

/**
 * The same hash from the image's rows already transformed: `rows[y * ROW_FREQUENCIES + v]` is row y's
 * coefficient of frequency v (the cosines of `rowCosines`). The crop guesses (phash-crops.ts) make these
 * without the image, straight from the thumbnail.
 */
export function hashOfRowTransforms(rows: Float64Array): string {
  const n = HASH_SIDE;
  if (rows.length !== n * MAX_FREQ) throw new Error("expected 32 rows of 11 frequencies");
  const c = cosineTable();
  const coefficients = new Float64Array(ZIGZAG.length);
  for (let i = 0; i < ZIGZAG.length; i++) {
    const [u, v] = ZIGZAG[i];
    let s = 0;
    for (let y = 0; y < n; y++) s += rows[y * MAX_FREQ + v] * c[u * n + y];
    coefficients[i] = s;
  }
  // A typed array sorts by value.
  const sorted = coefficients.slice().sort();
  const median = (sorted[31] + sorted[32]) / 2;
  let hex = "";
  for (let i = 0; i < 64; i += 4) {
    let nibble = 0;
    for (let b = 0; b < 4; b++) nibble = (nibble << 1) | (coefficients[i + b] > median ? 1 : 0);
    hex += nibble.toString(16);
  }
  return hex;
}

/** How many frequencies of each row the hash reads. */
export const ROW_FREQUENCIES = MAX_FREQ;

/** The DCT's cosines, `[v * HASH_SIDE + x]`: frequency v at pixel x. */
export function rowCosines(): Float64Array {
  return cosineTable();
}

const HASH_TEXT = /^[0-9a-f]{16}$/;
export function isHash(value: unknown): value is string {
  return typeof value === "string" && HASH_TEXT.test(value);
}

function popcount32(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return (((x + (x >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

/** A hash's two 32-bit halves (JavaScript's bit operators work on 32 bits). */
function halves(hash: string): [number, number] {
  return [parseInt(hash.slice(0, 8), 16), parseInt(hash.slice(8), 16)];
}

/** How many of the 64 bits differ. */
export function hammingDistance(a: string, b: string): number {
  return bestDistance(a, [b]);
}

/** The least distance between a stored hash and any of an upload's hashes (one per crop it may have had). */
export function bestDistance(stored: string, queries: readonly string[]): number {
  // The stored hash is read once, not once a query: a lookup compares it with every crop guess.
  const [hi, lo] = halves(stored);
  let best = 64;
  for (const q of queries) {
    const [qHi, qLo] = halves(q);
    best = Math.min(best, popcount32(hi ^ qHi) + popcount32(lo ^ qLo));
  }
  return best;
}

export function isNearMatch(stored: string, queries: readonly string[]): boolean {
  return bestDistance(stored, queries) <= MATCH_THRESHOLD;
}

/** The hash's bands as whole numbers (columns b0, b1, b2): bits 0-21, 22-42 and 43-63. */
export function hashBands(hash: string): number[] {
  const bits = BigInt(`0x${hash}`);
  const out: number[] = [];
  let shift = 64;
  for (const width of BAND_WIDTHS) {
    shift -= width;
    out.push(Number((bits >> BigInt(shift)) & ((1n << BigInt(width)) - 1n)));
  }
  return out;
}
