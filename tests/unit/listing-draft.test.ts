import { describe, expect, it } from "vitest";
import { DRAFT_KEY, draftKey, removeAllDrafts } from "~/core/draft-keys";
import { DRAFT_MAX_AGE_MS, draftValues, parseDraft, sameValues, serializeDraft } from "~/features/listings/draft";
import { emptyListingValues } from "~/features/listings/schema";

const NOW = Date.UTC(2026, 10, 23, 3, 0);
const values = () => ({
  ...emptyListingValues(),
  firstName: "Mere",
  services: ["GFE"],
  rates: [{ call_type: "incall", duration: "1hr", price: "300", description: "" }],
});

describe("listing drafts", () => {
  it("keys the new listing by the spec's key and each listing by its id", () => {
    expect(draftKey(null)).toBe("currentProfileDraft");
    expect(draftKey("abc123")).toBe("currentProfileDraft:abc123");
  });

  it("reads back what it wrote, for the same account and listing only", () => {
    const raw = serializeDraft("u1", "m1", values(), NOW);
    expect(parseDraft(raw, "u1", "m1", NOW + 1000)).toEqual({
      v: 1,
      userId: "u1",
      modelId: "m1",
      savedAt: NOW,
      values: values(),
      photos: [],
    });
    expect(parseDraft(raw, "u2", "m1", NOW)).toBeNull();
    expect(parseDraft(raw, "u1", "m2", NOW)).toBeNull();
    expect(parseDraft(raw, "u1", null, NOW)).toBeNull();
  });

  it("offers nothing stale, from the future, or malformed", () => {
    const raw = serializeDraft("u1", null, values(), NOW);
    expect(parseDraft(raw, "u1", null, NOW + DRAFT_MAX_AGE_MS + 1)).toBeNull();
    expect(parseDraft(raw, "u1", null, NOW - 3_600_000)).toBeNull();
    for (const bad of [
      null,
      "",
      "{",
      "[]",
      "null",
      '{"v":2}',
      JSON.stringify({ v: 1, userId: "u1", modelId: null, savedAt: "x", values: {} }),
    ]) {
      expect(parseDraft(bad, "u1", null, NOW)).toBeNull();
    }
  });

  it("repairs field by field: wrong types fall back to the blank form's value", () => {
    const v = draftValues({
      firstName: 5,
      tagLine: "Hello there",
      services: ["a", 1],
      interests: ["x"],
      rates: [{ call_type: "incall" }],
      age: "30",
    });
    expect(v.firstName).toBe("");
    expect(v.tagLine).toBe("Hello there");
    expect(v.services).toEqual([]);
    expect(v.interests).toEqual(["x"]);
    expect(v.rates).toEqual(emptyListingValues().rates);
    expect(v.age).toBe("30");
    expect(Object.keys(v).sort()).toEqual(Object.keys(emptyListingValues()).sort());
  });

  it("keeps a draft's tour stops, and drops malformed ones", () => {
    const tours = [{ region: "Wellington", suburb: "", start: "2026-12-03", end: "2026-12-05" }];
    expect(draftValues({ tours }).tours).toEqual(tours);
    expect(draftValues({ tours: [{ region: "Wellington", start: 3 }] }).tours).toEqual([]);
  });

  it("compares forms by value", () => {
    expect(sameValues(values(), values())).toBe(true);
    expect(sameValues(values(), { ...values(), firstName: "Aroha" })).toBe(false);
  });

  it("removes every draft and nothing else at sign-out", () => {
    const data = new Map<string, string>([
      [DRAFT_KEY, "a"],
      [`${DRAFT_KEY}:m1`, "b"],
      ["ageVerified", "true"],
      ["profileLikes", "{}"],
    ]);
    const storage = {
      get length() {
        return data.size;
      },
      key: (i: number) => [...data.keys()][i] ?? null,
      removeItem: (k: string) => void data.delete(k),
    };
    removeAllDrafts(storage);
    expect([...data.keys()]).toEqual(["ageVerified", "profileLikes"]);
  });
});
