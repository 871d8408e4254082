import { describe, expect, it } from "vitest";
import {
  CARD_SIZES,
  lightboxSizes,
  parsePhotoPath,
  photoSrcSet,
  photoVariantUrl,
  PHOTO_WIDTHS,
  variantKey,
  withVariantKeys,
} from "~/features/photos/variants";

const ID = "abcdefghijklmnopqrstuvwx";
const KEY = `listing/${ID}.webp`;
const URL_ = `/photos/${KEY}`;

describe("photo paths", () => {
  it("names the photo itself or one of its three sizes", () => {
    expect(parsePhotoPath(KEY)).toEqual({ kind: "original", key: KEY });
    for (const width of PHOTO_WIDTHS) {
      expect(parsePhotoPath(`listing/${ID}.w${width}.webp`)).toEqual({ kind: "variant", key: KEY, width });
    }
  });

  it("tells an unknown size (400) from a path that names nothing (404)", () => {
    for (const w of ["500", "0480", "4800", "1", "0", "99999", "961"]) {
      expect(parsePhotoPath(`listing/${ID}.w${w}.webp`), w).toEqual({ kind: "unknown-width" });
    }
    for (const path of [
      `listing/${ID}.w.webp`,
      `listing/${ID}.w-480.webp`,
      `listing/${ID}.w480.w480.webp`,
      `listing/${ID}.w480.jpg`,
      `listing/${ID}.w123456.webp`,
      `pending/${ID}.w480.webp`,
      `private/verification/${ID}.w480.webp`,
      `listing/short.w480.webp`,
      `listing/${ID.toUpperCase()}.w480.webp`,
      "",
    ]) {
      expect(parsePhotoPath(path), path).toEqual({ kind: "not-found" });
    }
  });

  it("keys a size next to its photo", () => {
    expect(variantKey(KEY, 480)).toBe(`listing/${ID}.w480.webp`);
    expect(parsePhotoPath(variantKey(KEY, 1600))).toEqual({ kind: "variant", key: KEY, width: 1600 });
  });

  it("deletes every size with a listing photo, and nothing extra with other objects", () => {
    expect(withVariantKeys([KEY, KEY, "", "private/verification/x.webp", "pending/y.webp"])).toEqual([
      KEY,
      `listing/${ID}.w360.webp`,
      `listing/${ID}.w480.webp`,
      `listing/${ID}.w720.webp`,
      `listing/${ID}.w960.webp`,
      `listing/${ID}.w1600.webp`,
      "private/verification/x.webp",
      "pending/y.webp",
    ]);
  });
});

describe("srcset", () => {
  it("lists the five sizes by their widths for a large photo", () => {
    expect(photoSrcSet(URL_, 2400)).toBe(
      [360, 480, 720, 960, 1600].map((w) => `/photos/listing/${ID}.w${w}.webp ${w}w`).join(", "),
    );
  });

  it("never claims a width the photo does not have: a 600 px photo stops at its own width", () => {
    const set = (...sizes: string[]) => sizes.map((s) => `/photos/listing/${ID}.w${s}`).join(", ");
    expect(photoSrcSet(URL_, 600)).toBe(set("360.webp 360w", "480.webp 480w", "720.webp 600w"));
    expect(photoSrcSet(URL_, 960)).toBe(set("360.webp 360w", "480.webp 480w", "720.webp 720w", "960.webp 960w"));
    expect(photoSrcSet(URL_, 300)).toBe(set("360.webp 300w"));
  });

  it("leaves anything that is not a stored listing photo alone", () => {
    for (const url of [
      "/api/placeholder/300/400",
      "blob:http://x/1",
      `/photos/pending/${ID}.webp`,
      `${URL_}?x=1`,
      "",
    ]) {
      expect(photoSrcSet(url, 2400), url).toBeNull();
      expect(photoVariantUrl(url, 960), url).toBe(url);
    }
    expect(photoVariantUrl(URL_, 960)).toBe(`/photos/listing/${ID}.w960.webp`);
  });

  it("says the card's width per breakpoint, ending with the phone's two columns, capped at 2x on dense phones", () => {
    const entries = CARD_SIZES.split(", ");
    expect(entries.at(-1)).toBe("calc((100vw - 36px) / 2)");
    expect(entries[0]).toBe("(max-width: 639px) and (min-resolution: 2.5dppx) calc((100vw - 36px) / 3)");
  });

  it("bounds the lightbox by height on wide screens for its aspect ratio", () => {
    expect(lightboxSizes(2400, 3200)).toBe("(min-aspect-ratio: 68/92) 68vh, 92vw");
    expect(lightboxSizes(2400, 1600)).toBe("(min-aspect-ratio: 135/92) 135vh, 92vw");
  });
});
