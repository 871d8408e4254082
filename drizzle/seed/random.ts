// A small seeded PRNG so the demo data (and its pictures) come out the same on every run.
// Identifiers are not drawn from here: they come from newId(), which uses crypto randomness.

export type Rng = {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [min, max], both ends included. */
  int(min: number, max: number): number;
  /** A float in [min, max). */
  float(min: number, max: number): number;
  chance(p: number): boolean;
  pick<T>(items: readonly T[]): T;
  /** Picks by weight: [[value, weight], ...]. */
  weighted<T>(items: readonly (readonly [T, number])[]): T;
  shuffle<T>(items: T[]): T[];
  /** n distinct items in the order they appear in `items`. */
  subset<T>(items: readonly T[], n: number): T[];
  /** A new generator whose stream depends on this seed and `label` only. */
  fork(label: string | number): Rng;
};

/** 32-bit FNV-1a of a string, used to turn labels into seeds. */
export function hashString(value: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < value.length; i++) {
    h ^= value.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

export function createRng(seed: number | string): Rng {
  const base = typeof seed === "number" ? seed >>> 0 : hashString(seed);
  // mulberry32
  let state = base;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const rng: Rng = {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    float: (min, max) => min + next() * (max - min),
    chance: (p) => next() < p,
    pick: (items) => items[Math.floor(next() * items.length)],
    weighted: (items) => {
      const total = items.reduce((sum, [, w]) => sum + w, 0);
      let r = next() * total;
      for (const [value, w] of items) {
        r -= w;
        if (r < 0) return value;
      }
      return items[items.length - 1][0];
    },
    shuffle: (items) => {
      for (let i = items.length - 1; i > 0; i--) {
        const j = Math.floor(next() * (i + 1));
        [items[i], items[j]] = [items[j], items[i]];
      }
      return items;
    },
    subset: (items, n) => {
      const chosen = new Set(rng.shuffle(items.map((_, i) => i)).slice(0, Math.max(0, Math.min(n, items.length))));
      return items.filter((_, i) => chosen.has(i));
    },
    fork: (label) => createRng(hashString(`${base}:${label}`)),
  };
  return rng;
}
