import { describe, expect, it } from "vitest";
import { badgeEffects, badgeWarning, replacedMost, REVERIFY_MSG } from "~/features/listings/reverification";
import type { BadgeBaseline } from "~/features/listings/reverification";

const base: BadgeBaseline = {
  verified: true,
  firstName: "Mere",
  age: 30,
  imageIds: ["a", "b", "c"],
  reviewedImageIds: ["a", "b", "c"],
};
const same = { firstName: "Mere", age: 30, imageIds: ["a", "b", "c"] };

describe("what a change does to the badges", () => {
  it("a pure reorder or an unrelated edit changes nothing", () => {
    expect(badgeEffects(base, { ...same, imageIds: ["c", "a", "b"] })).toEqual({ reReview: [] });
    expect(badgeEffects(base, same)).toEqual({ reReview: [] });
    expect(badgeWarning(badgeEffects(base, same))).toEqual([]);
  });
  it("adding or removing a photo says nothing about photos (each keeps its own check)", () => {
    expect(badgeWarning(badgeEffects(base, { ...same, imageIds: ["a", "b", "c", "d"] }))).toEqual([]);
    expect(badgeWarning(badgeEffects(base, { ...same, imageIds: ["a", "b"] }))).toEqual([]);
  });
  it("a new name, age or mostly new photos send an ID-verified listing back for review", () => {
    expect(badgeEffects(base, { ...same, firstName: "Aroha" }).reReview).toEqual([
      "display name changed from 'Mere' to 'Aroha'",
    ]);
    expect(badgeEffects(base, { ...same, age: 22 }).reReview).toEqual(["age changed from 30 to 22"]);
    expect(badgeEffects(base, { ...same, imageIds: ["a", "d", "e", "f"] }).reReview).toEqual(["most photos replaced"]);
    expect(badgeEffects(base, { ...same, imageIds: ["a", "b", "d"] }).reReview).toEqual([]);
    expect(badgeEffects({ ...base, verified: false }, { ...same, firstName: "Aroha" }).reReview).toEqual([]);
  });
  it("counts replaced photos against the last reviewed set, or the set before the change when unknown", () => {
    expect(replacedMost(["a", "b", "c"], ["d", "e", "c"])).toBe(true);
    expect(replacedMost(["a", "b", "c", "d"], ["a", "b", "e", "f"])).toBe(false);
    expect(badgeEffects({ ...base, reviewedImageIds: [] }, { ...same, imageIds: ["x", "y", "c"] }).reReview).toEqual([
      "most photos replaced",
    ]);
  });
  it("words the warning the owner sees before saving", () => {
    const lines = badgeWarning(badgeEffects(base, { ...same, firstName: "Aroha", imageIds: ["a", "b", "c", "d"] }));
    expect(lines).toEqual([REVERIFY_MSG.reReview(["display name changed from 'Mere' to 'Aroha'"])]);
    expect(lines[0]).toContain("new ID check (display name changed from 'Mere' to 'Aroha')");
  });
});
