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
import { lookupHashes, storedHash, THUMB_SIDE } from "~/features/photos/phash-crops";

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

describe("crop guesses", () => {
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
