import { describe, expect, it } from "vitest";
import { checkPhotoChoice, needsPhotoChoice, preselectedPhotos, publicPhotoLimit } from "~/features/photos/plan-photos";

const photos = (n: number, kept: number[] = []) =>
  Array.from({ length: n }, (_, i) => ({
    imageId: `p${i + 1}`,
    position: i + 1,
    keptOnStandard: kept.includes(i + 1),
  }));
const ids = (n: number) => photos(n).map((p) => p.imageId);

describe("photos per plan", () => {
  it("asks only when there are more photos than Standard shows", () => {
    expect(needsPhotoChoice(10)).toBe(false);
    expect(needsPhotoChoice(11)).toBe(true);
  });

  it("preselects the first 10 by position, or a whole earlier choice", () => {
    expect([...preselectedPhotos([...photos(12)].reverse())].sort()).toEqual(ids(10).sort());
    const earlier = [3, 4, 5, 6, 7, 8, 9, 10, 11, 12];
    expect([...preselectedPhotos(photos(12, earlier))].sort()).toEqual(earlier.map((n) => `p${n}`).sort());
    // A choice left incomplete (photos deleted since) is not used.
    expect([...preselectedPhotos(photos(12, [11, 12]))].sort()).toEqual(ids(10).sort());
  });

  it("accepts exactly 10 distinct photos of the listing, and says why otherwise", () => {
    expect(checkPhotoChoice(ids(10), ids(12))).toEqual({ ok: true, ids: ids(10) });
    expect(checkPhotoChoice(ids(11), ids(12))).toEqual({
      ok: false,
      error: "Choose exactly 10 photos to keep public on the Standard plan (you chose 11).",
    });
    expect(checkPhotoChoice([], ids(12))).toMatchObject({ ok: false });
    expect(checkPhotoChoice([...ids(9), "p1"], ids(12))).toEqual({
      ok: false,
      error: "Choose among this listing's own photos.",
    });
    expect(checkPhotoChoice([...ids(9), "other"], ids(12))).toMatchObject({ ok: false });
    expect(checkPhotoChoice([...ids(9), 7], ids(12))).toMatchObject({ ok: false });
  });

  it("a featured listing may show 20, a Standard one 10", () => {
    expect(publicPhotoLimit(true)).toBe(20);
    expect(publicPhotoLimit(false)).toBe(10);
  });
});
