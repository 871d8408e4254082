// Fair rotation (docs/decisions/0024-counting-off-the-request-path.md, "Fair rotation"): over any 24 hours each
// listing in a tier holds the first row about as often as any other; Featured stays above Standard; the
// 'Available now' boost fades to nothing in 2 hours.
import { describe, expect, it } from "vitest";
import { ACTIVE_WINDOW_MS } from "~/features/listings/state";
import {
  availableBoost,
  BOOST_POSITIONS,
  rotatedOrder,
  rotationOffset,
  rotationSlot,
  ROTATION_SLOT_MS,
  SLOTS_PER_DAY,
} from "~/features/insights/rotation";
import type { RotationEntry } from "~/features/insights/rotation";

const FIRST_ROW = 4;
const id = (i: number) => i.toString(16).padStart(16, "0");
const tier = (n: number, featured: boolean, from = 0): RotationEntry[] =>
  Array.from({ length: n }, (_, i) => ({ id: id(from + i), featured, active: false, activeUntil: null }));

/** First-row positions each listing of `tier` held over 144 slots from `startSlot`, in its tier's own top rows. */
function firstRowCounts(entries: RotationEntry[], startSlot: number): Map<string, number> {
  const counts = new Map(entries.map((e) => [e.id, 0]));
  for (let slot = startSlot; slot < startSlot + SLOTS_PER_DAY; slot++) {
    for (const featured of [true, false]) {
      const order = rotatedOrder(entries, slot).filter((e) => e.featured === featured);
      for (const e of order.slice(0, FIRST_ROW)) counts.set(e.id, (counts.get(e.id) ?? 0) + 1);
    }
  }
  return counts;
}

describe("fair rotation within a tier", () => {
  it("changes every 10 minutes", () => {
    const t = Date.UTC(2026, 10, 26, 3, 0);
    expect(rotationSlot(t)).toBe(rotationSlot(t + ROTATION_SLOT_MS - 1));
    expect(rotationSlot(t + ROTATION_SLOT_MS)).toBe(rotationSlot(t) + 1);
    expect(rotationOffset(rotationSlot(t), 12)).not.toBe(rotationOffset(rotationSlot(t) + 12, 12));
  });

  for (const [featured, standard] of [
    [5, 12],
    [7, 30],
    [13, 57],
    [4, 9],
  ]) {
    it(`over 24 hours no two listings in a tier differ by more than 10% in first-row share (${featured} Featured, ${standard} Standard)`, () => {
      const entries = [...tier(featured, true), ...tier(standard, false, 1000)];
      // From several starting moments: any 24 hours, not only a calendar day.
      for (const start of [rotationSlot(Date.UTC(2026, 10, 26)), 2_950_001, 2_950_077]) {
        const counts = firstRowCounts(entries, start);
        for (const isFeatured of [true, false]) {
          const shares = entries.filter((e) => e.featured === isFeatured).map((e) => counts.get(e.id)!);
          const max = Math.max(...shares);
          const min = Math.min(...shares);
          expect(min).toBeGreaterThan(0);
          expect((max - min) / max).toBeLessThanOrEqual(0.1);
        }
      }
    });
  }

  it("keeps every Featured listing above every Standard one, and each slot a whole permutation", () => {
    const entries = [...tier(6, true), ...tier(20, false, 100)];
    for (let slot = 0; slot < SLOTS_PER_DAY; slot++) {
      const order = rotatedOrder(entries, slot);
      expect(order.slice(0, 6).every((e) => e.featured)).toBe(true);
      expect(new Set(order.map((e) => e.id)).size).toBe(entries.length);
    }
  });
});

describe("the 'Available now' boost", () => {
  const on = Date.UTC(2026, 10, 26, 9);
  const until = on + ACTIVE_WINDOW_MS;
  it("starts at its full lift and fades evenly to nothing over 2 hours", () => {
    expect(availableBoost(true, until, on)).toBe(BOOST_POSITIONS);
    expect(availableBoost(true, until, on + 30 * 60_000)).toBeCloseTo(BOOST_POSITIONS * 0.75);
    expect(availableBoost(true, until, on + 60 * 60_000)).toBeCloseTo(BOOST_POSITIONS / 2);
    expect(availableBoost(true, until, on + 2 * 60 * 60_000)).toBe(0);
    expect(availableBoost(true, until, on + 5 * 60 * 60_000)).toBe(0);
  });

  it("is nothing when not available, or when the window has ended", () => {
    expect(availableBoost(false, until, on)).toBe(0);
    expect(availableBoost(true, null, on)).toBe(0);
    expect(availableBoost(true, on - 1, on)).toBe(0);
  });

  it("lifts a listing within its tier only, never above Featured", () => {
    const slot = rotationSlot(on);
    const entries = [...tier(3, true), ...tier(10, false, 100)];
    const before = rotatedOrder(entries, slot);
    const last = before[before.length - 1];
    const boosted = entries.map((e) =>
      e.id === last.id ? { ...e, active: true, activeUntil: slotStartOf(slot) + ACTIVE_WINDOW_MS } : e,
    );
    const after = rotatedOrder(boosted, slot);
    const at = after.findIndex((e) => e.id === last.id);
    // Four positions up (a tie with the listing already there is settled by the id).
    expect(before.length - 1 - at).toBeGreaterThanOrEqual(BOOST_POSITIONS - 1);
    expect(before.length - 1 - at).toBeLessThanOrEqual(BOOST_POSITIONS);
    expect(at).toBeGreaterThanOrEqual(3);
  });
});

const slotStartOf = (slot: number) => slot * ROTATION_SLOT_MS;
