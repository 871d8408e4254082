// Cover rotation (docs/decisions/0033-cover-rotation.md): the slot's cover among the owner's choices, the check
// of a choice, and which cover earns more views per impression.
import { describe, expect, it } from "vitest";
import {
  checkCoverChoice,
  COVER_MSG,
  coverForSlot,
  coverIndex,
  coverResults,
  MAX_COVERS,
} from "~/features/insights/cover-rotation";
import { parseBeacon, marksOf } from "~/features/insights/count-events";
import { newId } from "~/platform/data/ids";
import { rotationSlot, ROTATION_SLOT_MS, SLOTS_PER_DAY } from "~/features/insights/rotation";

describe("coverForSlot", () => {
  it("takes the choices in turn, one per rotation slot", () => {
    const choices = ["a", "b", "c"];
    const slot = rotationSlot(Date.UTC(2026, 10, 26, 8, 0));
    const seen = [0, 1, 2, 3].map((i) => coverForSlot(choices, slot + i));
    expect(new Set(seen.slice(0, 3))).toEqual(new Set(choices));
    expect(seen[3]).toBe(seen[0]);
    // One slot, one cover: the whole 10 minutes a cached page is kept for.
    const start = slot * ROTATION_SLOT_MS;
    expect(coverForSlot(choices, rotationSlot(start + ROTATION_SLOT_MS - 1))).toBe(seen[0]);
  });

  it("gives each cover the same share of a day", () => {
    for (const n of [1, 2, 3]) {
      const counts = new Array<number>(n).fill(0);
      for (let s = 5000; s < 5000 + SLOTS_PER_DAY; s++) counts[coverIndex(s, n)]++;
      expect(counts).toEqual(new Array<number>(n).fill(SLOTS_PER_DAY / n));
    }
  });

  it("has no cover without a choice (the first photo then)", () => {
    expect(coverForSlot([], 123)).toBeNull();
    expect(coverForSlot(["only"], 123)).toBe("only");
  });
});

describe("checkCoverChoice", () => {
  const photos = [
    { imageId: "p1", public: true },
    { imageId: "p2", public: true },
    { imageId: "p3", public: true },
    { imageId: "p4", public: true },
    { imageId: "hidden", public: false },
  ];

  it("takes up to 3 of the listing's visible photos, or none", () => {
    expect(checkCoverChoice(["p2", "p1"], photos)).toEqual({ ok: true, ids: ["p2", "p1"] });
    expect(checkCoverChoice([], photos)).toEqual({ ok: true, ids: [] });
  });

  it("refuses more than 3, another listing's photo, a hidden one and repeats", () => {
    expect(MAX_COVERS).toBe(3);
    expect(checkCoverChoice(["p1", "p2", "p3", "p4"], photos)).toEqual({ ok: false, error: COVER_MSG.tooMany });
    expect(checkCoverChoice(["p1", "theirs"], photos)).toEqual({ ok: false, error: COVER_MSG.unknown });
    expect(checkCoverChoice(["hidden"], photos)).toEqual({ ok: false, error: COVER_MSG.hidden });
    expect(checkCoverChoice(["p1", "p1"], photos)).toEqual({ ok: false, error: COVER_MSG.unknown });
    expect(checkCoverChoice([42], photos)).toEqual({ ok: false, error: COVER_MSG.unknown });
  });
});

describe("coverResults", () => {
  it("marks the one cover with the most views per impression", () => {
    const r = coverResults([
      { photo: "a", impressions: 200, opens: 10 },
      { photo: "b", impressions: 100, opens: 8 },
      { photo: "c", impressions: 0, opens: 0 },
    ]);
    expect(r.map((x) => [x.photo, x.rate, x.best])).toEqual([
      ["a", 0.05, false],
      ["b", 0.08, true],
      ["c", null, false],
    ]);
  });

  it("names none on a tie or with a single cover seen", () => {
    expect(
      coverResults([
        { photo: "a", impressions: 10, opens: 1 },
        { photo: "b", impressions: 20, opens: 2 },
      ]).some((x) => x.best),
    ).toBe(false);
    expect(coverResults([{ photo: "a", impressions: 10, opens: 1 }])[0].best).toBe(false);
  });
});

describe("card opens in the beacon", () => {
  const listing = newId();
  it("need the card's cover, and count once per visitor, listing and day", () => {
    expect(parseBeacon({ events: [{ kind: "open", listing }] })).toEqual({
      ok: false,
      error: "An open event needs the card's cover",
    });
    const ok = parseBeacon({ events: [{ kind: "open", listing, photo: "/photos/listing/x.w480.webp" }] });
    expect(ok).toEqual({ ok: true, events: [{ kind: "open", listing, photo: "listing/x.webp" }] });
    const at = Date.UTC(2026, 10, 26, 8);
    const marks = marksOf([
      { at, visitor: "v", events: [{ kind: "open", listing, photo: "listing/x.webp" }] },
      { at: at + 60_000, visitor: "v", events: [{ kind: "open", listing, photo: "listing/y.webp" }] },
    ]);
    expect(marks).toHaveLength(1);
    expect(marks[0]).toMatchObject({ kind: "open", photo: "listing/x.webp" });
  });
});
