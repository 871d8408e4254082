import { describe, expect, it } from "vitest";
import {
  MAX_PLACES,
  parsePlaces,
  PLACE_MAX_AGE_MS,
  placeFor,
  startFrom,
  withPlace,
} from "~/features/catalogue/grid/grid-place";
import type { GridPlace } from "~/features/catalogue/grid/grid-place";

const NOW = 1_800_000_000_000;
const place = (o: Partial<GridPlace> = {}): GridPlace => ({
  view: "/?age=18-24",
  firstPage: 1,
  pages: 3,
  next: 4,
  slot: 2_900_000,
  cards: [],
  at: NOW,
  ...o,
});

describe("the grid's place kept for Back", () => {
  it("is found again under its history entry for the same view and first page", () => {
    const places = withPlace([], "k1", place());
    expect(placeFor(places, "k1", "/?age=18-24", 1, NOW + 1000)).toMatchObject({ pages: 3, next: 4 });
    expect(placeFor(places, "k2", "/?age=18-24", 1, NOW)).toBeNull();
    expect(placeFor(places, "k1", "/", 1, NOW)).toBeNull();
    expect(placeFor(places, "k1", "/?age=18-24", 2, NOW)).toBeNull();
  });

  it("is dropped when old, or when only the first page was ever shown", () => {
    expect(placeFor(withPlace([], "k", place()), "k", "/?age=18-24", 1, NOW + PLACE_MAX_AGE_MS + 1)).toBeNull();
    expect(placeFor(withPlace([], "k", place({ pages: 1 })), "k", "/?age=18-24", 1, NOW)).toBeNull();
  });

  it("keeps the latest few entries, one per key, and reads junk as none", () => {
    let places = parsePlaces(null);
    for (let i = 0; i < MAX_PLACES + 3; i++) places = withPlace(places, `k${i}`, place({ pages: i + 2 }));
    places = withPlace(places, `k${MAX_PLACES + 2}`, place({ pages: 99 }));
    expect(places.map(([k]) => k)).toHaveLength(MAX_PLACES);
    expect(placeFor(places, `k${MAX_PLACES + 2}`, "/?age=18-24", 1, NOW)?.pages).toBe(99);
    expect(placeFor(places, "k0", "/?age=18-24", 1, NOW)).toBeNull();
    expect(parsePlaces("{not json")).toEqual([]);
    expect(parsePlaces(JSON.stringify([["k", { cards: "no" }], "x"]))).toEqual([]);
  });

  it("keeps the rotation slot its cards were read in, so the pages after Back follow on in the same order", () => {
    // Back after the order has turned: the server's first page is of a later slot than the cards kept.
    const first = { cards: [], page: 1, hasMore: true, slot: 2_900_002 };
    const kept = parsePlaces(JSON.stringify(withPlace([], "k", place())));
    const restored = placeFor(kept, "k", "/?age=18-24", 1, NOW);
    expect(startFrom(first, restored)).toEqual({ cards: [], next: 4, pages: 3, slot: 2_900_000 });
    // Not back: the first page's own slot.
    expect(startFrom(first, null)).toEqual({ cards: [], next: 2, pages: 1, slot: 2_900_002 });
    // A place kept without its slot cannot say which order its cards are in: the grid starts again.
    const { slot: _slot, ...noSlot } = place();
    expect(parsePlaces(JSON.stringify([["k", noSlot]]))).toEqual([]);
    expect(
      placeFor(parsePlaces(JSON.stringify([["k", place({ slot: null })]])), "k", "/?age=18-24", 1, NOW)?.slot,
    ).toBeNull();
  });
});
