// The match rule of decision 0057: distance, threshold, bands and the lookup condition, on hashes made here.
import { describe, expect, it } from "vitest";
import {
  BAND_WIDTHS,
  bestDistance,
  hammingDistance,
  hashBands,
  isHash,
  isNearMatch,
  MATCH_THRESHOLD,
  perceptualHash,
} from "~/features/photos/phash";
import { bandCondition } from "~/features/photos/phash.server";
import {
  copyHashes,
  CROP_STEP,
  lookupHashes,
  MIDDLE_MARGIN,
  storedHash,
  THUMB_SIDE,
} from "~/features/photos/phash-crops";

/** `hash` with bits `at` flipped. */
function flip(hash: string, ...at: number[]): string {
  let bits = BigInt(`0x${hash}`);
  for (const i of at) bits ^= 1n << BigInt(63 - i);
  return bits.toString(16).padStart(16, "0");
}

/** A smooth test picture: a diagonal ramp with a bright disc, 128 × 128. */
function picture(cx = 0.4, cy = 0.6): Float64Array {
  const n = THUMB_SIDE;
  const luma = new Float64Array(n * n);
  for (let y = 0; y < n; y++)
    for (let x = 0; x < n; x++) {
      const d = Math.hypot(x / n - cx, y / n - cy);
      luma[y * n + x] = 60 + 80 * (x / n) + 40 * (y / n) + (d < 0.2 ? 90 : 0);
    }
  return luma;
}

describe("the perceptual hash", () => {
  it("is 16 hex digits with exactly 32 bits set, and ignores brightness", () => {
    const luma = new Float64Array(32 * 32).map((_, i) => (i % 32) * 3 + Math.floor(i / 32) * 5 + ((i * 7) % 13));
    const hash = perceptualHash(luma);
    expect(isHash(hash)).toBe(true);
    expect([...BigInt(`0x${hash}`).toString(2)].filter((b) => b === "1")).toHaveLength(32);
    expect(perceptualHash(luma.map((v) => v + 40))).toBe(hash);
    expect(() => perceptualHash(new Float64Array(10))).toThrow();
  });

  it("counts differing bits", () => {
    const a = "f0f0f0f0f0f0f0f0";
    expect(hammingDistance(a, a)).toBe(0);
    expect(hammingDistance(a, flip(a, 0, 63))).toBe(2);
    expect(hammingDistance("0000000000000000", "ffffffffffffffff")).toBe(64);
    expect(bestDistance(a, ["0f0f0f0f0f0f0f0f", flip(a, 5, 40), flip(a, 1)])).toBe(1);
  });

  it("matches within the threshold and not beyond", () => {
    const a = "a5a5a5a5a5a5a5a5";
    expect(MATCH_THRESHOLD).toBe(2);
    expect(isNearMatch(a, [flip(a, 3, 60)])).toBe(true);
    expect(isNearMatch(a, [flip(a, 3, 30, 60)])).toBe(false);
  });

  it("splits into bands of 22, 21 and 21 bits, one of which two hashes within the threshold share", () => {
    expect(BAND_WIDTHS.reduce((s, w) => s + w, 0)).toBe(64);
    expect(hashBands("ffffffffffffffff")).toEqual([2 ** 22 - 1, 2 ** 21 - 1, 2 ** 21 - 1]);
    expect(hashBands("0000000000000001")).toEqual([0, 0, 1]);
    expect(hashBands("8000000000000000")).toEqual([2 ** 21, 0, 0]);
    const a = "3c5a96e1f00f1234";
    // Every pair of flipped bits (the threshold) leaves some band equal: the pigeonhole the index relies on.
    for (let i = 0; i < 64; i++)
      for (let j = i + 1; j < 64; j++) {
        const bands = hashBands(flip(a, i, j));
        expect(bands.some((b, k) => b === hashBands(a)[k])).toBe(true);
      }
  });

  it("looks a hash up by every band of every guess, as integers only", () => {
    const where = bandCondition(["0000000000000001", "8000000000000000"], "h");
    expect(where).toBe("h.b0 IN (0,2097152) OR h.b1 IN (0) OR h.b2 IN (1,0)");
  });
});

/** The thumbnail read at (x, y), fractions of its sides, between its four nearest pixels (centres at half steps). */
function sampleAt(luma: Float64Array, x: number, y: number): number {
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

/** Decision 0057's definition, point by point: the window as a 32 × 32 image, 2 × 2 samples a pixel, hashed. */
function windowHashByPoints(luma: Float64Array, [x0, x1, y0, y1]: number[]): string {
  const out = new Float64Array(32 * 32);
  for (let oy = 0; oy < 32; oy++)
    for (let ox = 0; ox < 32; ox++) {
      let s = 0;
      for (const sy of [0.25, 0.75])
        for (const sx of [0.25, 0.75])
          s += sampleAt(luma, x0 + ((ox + sx) / 32) * (x1 - x0), y0 + ((oy + sy) / 32) * (y1 - y0));
      out[oy * 32 + ox] = s / 4;
    }
  return perceptualHash(out);
}

/** Every crop guess, (first side, second side) of each axis, top and bottom outside, as the module orders them. */
function guesses(): [number, number, number, number][] {
  const axis: [number, number][] = [];
  const steps = Math.round(MIDDLE_MARGIN / CROP_STEP);
  for (let a = 0; a <= steps; a++) for (let b = 0; a + b <= steps; b++) axis.push([a * CROP_STEP, b * CROP_STEP]);
  return axis.flatMap(([top, bottom]) =>
    axis.map(([left, right]): [number, number, number, number] => [left, right, top, bottom]),
  );
}

/** A picture with detail at every scale: noise from a fixed seed over the smooth one. */
function noisy(seed: number): Float64Array {
  let state = seed;
  const next = () => ((state = (state * 1103515245 + 12345) % 2 ** 31) / 2 ** 31) * 60;
  return picture(0.3 + seed / 10, 0.5).map((v) => v + next());
}

describe("crop guesses", () => {
  // The module weighs the thumbnail along each axis in turn, sharing work between guesses; the hashes must be
  // those of sampling each window point by point, for both directions of the lookup.
  it("hash each guessed window as sampling it point by point does", () => {
    const m = MIDDLE_MARGIN;
    for (const luma of [picture(), noisy(1), noisy(2)]) {
      const lookup = guesses().map(([left, right, top, bottom]) => {
        const w = 1 - left - right;
        const h = 1 - top - bottom;
        return windowHashByPoints(luma, [(m - left) / w, 1 - (m - right) / w, (m - top) / h, 1 - (m - bottom) / h]);
      });
      const copy = guesses().map(([left, right, top, bottom]) => {
        const w = 1 - left - right;
        const h = 1 - top - bottom;
        return windowHashByPoints(luma, [left + m * w, 1 - right - m * w, top + m * h, 1 - bottom - m * h]);
      });
      expect(lookupHashes(luma)).toEqual(lookup);
      expect(copyHashes(luma)).toEqual(copy);
      expect(storedHash(luma)).toBe(windowHashByPoints(luma, [m, 1 - m, m, 1 - m]));
    }
  });

  it("stores the middle's hash and looks up with 225 guesses, the first being the stored hash", () => {
    const luma = picture();
    const lookups = lookupHashes(luma);
    expect(lookups).toHaveLength(225);
    expect(lookups[0]).toBe(storedHash(luma));
  });

  it("finds a copy that lost 10 % on the left, and not a different picture", () => {
    const original = picture();
    const n = THUMB_SIDE;
    // The copy: columns 10 %..100 % of the original, stretched back to the square (as the binding does).
    const copy = new Float64Array(n * n);
    for (let y = 0; y < n; y++)
      for (let x = 0; x < n; x++) copy[y * n + x] = original[y * n + Math.min(n - 1, Math.round(0.1 * n + x * 0.9))];
    expect(bestDistance(storedHash(original), lookupHashes(copy))).toBeLessThanOrEqual(MATCH_THRESHOLD);
    expect(bestDistance(storedHash(original), lookupHashes(picture(0.7, 0.2)))).toBeGreaterThan(MATCH_THRESHOLD);
  });
});
