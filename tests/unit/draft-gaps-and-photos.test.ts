// What a kept draft holds and still needs (docs/decisions/0025-drafts-kept-with-their-photos.md).
import { describe, expect, it } from "vitest";
import { draftGaps, draftHasContent, draftPhotos, parseDraft, serializeDraft } from "~/features/listings/draft";
import { emptyListingValues } from "~/features/listings/schema";
import { PHOTO_MSG } from "~/features/photos/rules";
import { validValues } from "./listing-fixtures";

const photo = (uploadId: string) => ({ uploadId, width: 600, height: 800 });

describe("a draft's photos", () => {
  it("go into storage with the typing and come back in their order", () => {
    const raw = serializeDraft("u1", null, emptyListingValues(), 1000, [
      photo("bbbbbbbbbbbbbbbb"),
      photo("aaaaaaaaaaaaaaaa"),
    ]);
    expect(parseDraft(raw, "u1", null, 2000)?.photos).toEqual([photo("bbbbbbbbbbbbbbbb"), photo("aaaaaaaaaaaaaaaa")]);
  });

  it("read back only well-formed entries, once each, at most 20 (a tampered or older draft cannot break the form)", () => {
    expect(draftPhotos(undefined)).toEqual([]);
    expect(
      draftPhotos([
        photo("aaaaaaaaaaaaaaaa"),
        photo("aaaaaaaaaaaaaaaa"),
        { uploadId: "../../etc", width: 1, height: 1 },
        { uploadId: "cccccccccccccccc", width: -1, height: 5 },
        "x",
        null,
      ]),
    ).toEqual([photo("aaaaaaaaaaaaaaaa")]);
    const many = Array.from({ length: 25 }, (_, i) => photo(`${String(i).padStart(2, "0")}aaaaaaaaaaaaaa`));
    expect(draftPhotos(many)).toHaveLength(20);
  });

  it("a draft is worth asking about when it holds typing or photos, not when it is the blank form", () => {
    expect(draftHasContent({ values: emptyListingValues(), photos: [] })).toBe(false);
    expect(draftHasContent({ values: emptyListingValues(), photos: [photo("aaaaaaaaaaaaaaaa")] })).toBe(true);
    expect(draftHasContent({ values: { ...emptyListingValues(), tagLine: "Hi" }, photos: [] })).toBe(true);
  });
});

describe("what an incomplete draft still needs", () => {
  it("nothing for a complete listing", () => {
    expect(draftGaps(validValues(), 3)).toEqual([]);
  });

  it("each missing thing, in the wizard's page order, said as its field's own message", () => {
    const gaps = draftGaps({ ...validValues(), firstName: "", age: "" }, 1);
    expect(gaps.map((g) => [g.page, g.field]).sort()).toEqual([
      [1, "firstName"],
      [1, "images"],
      [2, "age"],
    ]);
    expect(gaps.map((g) => g.page)).toEqual([1, 1, 2]);
    expect(gaps.find((g) => g.field === "images")?.message).toBe(PHOTO_MSG.minimum);
    expect(gaps.find((g) => g.field === "age")?.message).toBe("Age is required.");
  });

  it("a blank form lists page 1 first", () => {
    const gaps = draftGaps(emptyListingValues(), 0);
    expect(gaps[0].page).toBe(1);
    expect(gaps.map((g) => g.page)).toEqual([...gaps.map((g) => g.page)].sort());
  });
});
