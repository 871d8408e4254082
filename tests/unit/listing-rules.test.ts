import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { listingFormData, readListingBody } from "~/features/listings/body";
import { changedField, previewProfile, valuesFromProfile } from "~/features/listings/editor/form";
import {
  flatRates,
  freeDurations,
  mayAddListing,
  mayCreateListingFrom,
  moveItem,
  newRateDuration,
  orderImages,
  saveButtonLabel,
} from "~/features/listings/rules";
import { emptyListingValues } from "~/features/listings/schema";
import {
  fileProblem,
  orientedSize,
  PHOTO_MSG,
  resizeFor,
  sniffImage,
  stripWebpMetadata,
  watermarkWidth,
  webpChunks,
} from "~/features/photos/rules";
import { validValues } from "./listing-fixtures";

describe("mayCreateListingFrom (listings only from New Zealand)", () => {
  it("refuses another country outside development", () => {
    expect(mayCreateListingFrom("AU", "production")).toBe(false);
    expect(mayCreateListingFrom("US", undefined)).toBe(false);
  });
  it("accepts NZ, in any case", () => {
    expect(mayCreateListingFrom("NZ", "production")).toBe(true);
    expect(mayCreateListingFrom("nz", "production")).toBe(true);
  });
  it("accepts a request without a country", () => {
    expect(mayCreateListingFrom(undefined, "production")).toBe(true);
    expect(mayCreateListingFrom("", "production")).toBe(true);
    expect(mayCreateListingFrom(null, "production")).toBe(true);
  });
  it("treats every country as NZ in local development (wrangler dev's placeholder cf says US)", () => {
    expect(mayCreateListingFrom("US", "development")).toBe(true);
  });
});

describe("listing limits and wording", () => {
  it("an Independent holds one listing, an Agency many", () => {
    expect(mayAddListing(false, 0)).toBe(true);
    expect(mayAddListing(false, 1)).toBe(false);
    expect(mayAddListing(true, 5)).toBe(true);
  });
  it("the save button follows the verified and live flags", () => {
    expect(saveButtonLabel(false, false)).toBe("Save Draft");
    expect(saveButtonLabel(false, true)).toBe("Save Draft");
    expect(saveButtonLabel(true, false)).toBe("Save Changes");
    expect(saveButtonLabel(true, true)).toBe("Publish Changes");
  });
});

describe("rates", () => {
  it("flat columns: incall 30min/1hr/2hr and outcall likewise, in cents", () => {
    expect(
      flatRates([
        { callType: "incall", duration: "30min", priceCents: 15000 },
        { callType: "incall", duration: "1hr", priceCents: 25000 },
        { callType: "outcall", duration: "2hr", priceCents: 60000 },
        { callType: "outcall", duration: "3hr", priceCents: 90000 },
      ]),
    ).toEqual({ rate30: 15000, rate60: 25000, rate120: null, orate30: null, orate60: null, orate120: 60000 });
  });
  it("a new rate defaults to 1hr, then the first free duration, then none", () => {
    expect(newRateDuration([], "incall")).toBe("1hr");
    expect(newRateDuration([{ call_type: "incall", duration: "1hr" }], "incall")).toBe("30min");
    expect(newRateDuration([{ call_type: "outcall", duration: "1hr" }], "incall")).toBe("1hr");
    const all = ["30min", "1hr", "1.5hr", "2hr", "3hr", "Overnight"].map((duration) => ({
      call_type: "incall",
      duration,
    }));
    expect(newRateDuration(all, "incall")).toBeNull();
    expect(freeDurations(all, "outcall")).toHaveLength(6);
  });
});

describe("photo order", () => {
  it("moveItem renumbers positions from 1", () => {
    const items = ["a", "b", "c", "d"].map((id, i) => ({ id, position: i + 1 }));
    expect(moveItem(items, 3, 0)).toEqual([
      { id: "d", position: 1 },
      { id: "a", position: 2 },
      { id: "b", position: 3 },
      { id: "c", position: 4 },
    ]);
    expect(moveItem(items, 0, 9).map((i) => i.id)).toEqual(["a", "b", "c", "d"]);
  });
  it("orderImages: requested positions first, unmentioned saved photos after in their old order", () => {
    const out = orderImages([
      { id: "old1", requested: null, previous: 1 },
      { id: "old2", requested: 2, previous: 2 },
      { id: "new", requested: 1, previous: 10_000 },
      { id: "old3", requested: null, previous: 3 },
    ]);
    expect(out.map((i) => [i.id, i.position])).toEqual([
      ["new", 1],
      ["old2", 2],
      ["old1", 3],
      ["old3", 4],
    ]);
  });
});

describe("the multipart body (spec §7)", () => {
  it("round-trips the editor's values, lists, rates and photo plan", () => {
    const values = validValues({
      rates: [
        { call_type: "incall", duration: "1hr", price: "300", description: "" },
        { call_type: "outcall", duration: "2hr", price: "500", description: "Travel incl." },
      ],
      specialRates: [{ serviceName: "Dinner date", duration: "180", rate: "900", description: "" }],
    });
    const fd = listingFormData(values, {
      listingId: "abcdefghij012345",
      imagePositions: [{ imageId: "img1", position: 2 }],
      uploadIds: [{ uploadId: "up1", position: 1 }],
    });
    expect(fd.getAll("services")).toEqual(["GFE", "Massage"]);
    expect(fd.get("rates[1][call_type]")).toBe("outcall");
    const body = readListingBody(fd);
    if ("error" in body) throw new Error(body.error);
    expect(body.values).toEqual(values);
    expect(body.listingId).toBe("abcdefghij012345");
    expect(body.imagePositions).toEqual([{ imageId: "img1", position: 2 }]);
    expect(body.uploadIds).toEqual([{ uploadId: "up1", position: 1 }]);
  });
  it("accepts services as one comma-separated entry or services[]", () => {
    const fd = new FormData();
    fd.set("services", "GFE, Massage");
    fd.append("interests[]", "Yoga");
    fd.append("interests[]", "Art");
    const body = readListingBody(fd);
    if ("error" in body) throw new Error(body.error);
    expect(body.values.services).toEqual(["GFE", "Massage"]);
    expect(body.values.interests).toEqual(["Yoga", "Art"]);
  });
  it("refuses malformed JSON, huge row indexes and text where files belong", () => {
    const bad = (entries: [string, string][]) => {
      const fd = new FormData();
      for (const [k, v] of entries) fd.append(k, v);
      return readListingBody(fd);
    };
    expect(bad([["imagePositions", "{nope"]])).toMatchObject({ error: "imagePositions is not valid JSON" });
    expect(bad([["uploadIds", JSON.stringify([{ uploadId: 5, position: 1 }])]])).toMatchObject({
      error: "uploadIds is not a valid list",
    });
    expect(bad([["rates[9999][price]", "1"]])).toMatchObject({ error: "Too many rates" });
    expect(bad([["additionalImages", "not a file"]])).toMatchObject({ error: "additionalImages must be files" });
  });
});

describe("form <-> preview", () => {
  it("the preview profile follows the form; empty rate rows are left out", () => {
    const values = validValues({
      rates: [
        { call_type: "incall", duration: "1hr", price: "300", description: "" },
        { call_type: "incall", duration: "2hr", price: "", description: "" },
      ],
    });
    const p = previewProfile(values, [{ imageId: "t1", url: "blob:x", position: 1, width: 600, height: 800 }], {
      listingId: "new",
      verified: false,
      live: false,
      photoVerified: false,
    });
    expect(p.firstName).toBe("Aroha");
    expect(p.age).toBe(27);
    expect(p.rates).toHaveLength(1);
    expect(p.rate60).toBe(300);
    expect(valuesFromProfile(p)).toEqual(values.rates.length ? { ...values, rates: [values.rates[0]] } : values);
  });
  it("changedField names the first field that differs", () => {
    const a = emptyListingValues();
    expect(changedField(a, { ...a, tagLine: "x" })).toBe("tagLine");
    expect(changedField(a, { ...a, services: ["GFE"] })).toBe("services");
    expect(changedField(a, a)).toBeNull();
  });
});

describe("photo bytes", () => {
  it("knows JPEG, PNG and WebP by their bytes, with their size", async () => {
    const base = sharp({ create: { width: 40, height: 30, channels: 3, background: "#c08060" } });
    const jpeg = await base.clone().jpeg().toBuffer();
    const png = await base.clone().png().toBuffer();
    const webp = await base.clone().webp().toBuffer();
    const lossless = await base.clone().webp({ lossless: true }).toBuffer();
    expect(sniffImage(jpeg)).toEqual({ type: "image/jpeg", width: 40, height: 30, orientation: 1 });
    expect(sniffImage(png)).toEqual({ type: "image/png", width: 40, height: 30, orientation: 1 });
    expect(sniffImage(webp)).toEqual({ type: "image/webp", width: 40, height: 30, orientation: 1 });
    expect(sniffImage(lossless)).toMatchObject({ type: "image/webp", width: 40, height: 30 });
  });
  it("refuses text, GIF and SVG whatever they are called", async () => {
    expect(sniffImage(new TextEncoder().encode("hello, I am a .jpg"))).toBeNull();
    expect(sniffImage(new TextEncoder().encode("GIF89a...."))).toBeNull();
    expect(sniffImage(new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(fileProblem(20, new TextEncoder().encode("plain text here....."))).toBe("type");
  });
  it("reads the EXIF orientation of a JPEG", async () => {
    const rotated = await sharp({ create: { width: 60, height: 20, channels: 3, background: "#888" } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const s = sniffImage(rotated)!;
    expect(s.orientation).toBe(6);
    expect(orientedSize(s.width!, s.height!, s.orientation)).toEqual({ width: 20, height: 60 });
  });
  it("size rules: 10 MB and 8000 px", async () => {
    const tall = await sharp({ create: { width: 10, height: 9000, channels: 3, background: "#000" } })
      .png()
      .toBuffer();
    expect(fileProblem(tall.length, tall)).toBe("dimensions");
    expect(fileProblem(10 * 1024 * 1024 + 1, tall)).toBe("size");
    expect(fileProblem(0, tall)).toBe("size");
  });
  it("resize only above 2400 on the longer side; watermark at half the width", () => {
    expect(resizeFor(2400, 1600)).toBeNull();
    expect(resizeFor(3000, 2000)).toEqual({ width: 2400 });
    expect(resizeFor(2000, 3000)).toEqual({ height: 2400 });
    expect(watermarkWidth(2400)).toBe(1200);
    expect(watermarkWidth(100)).toBe(120);
  });
  it("strips EXIF and XMP chunks from a WebP and clears their flags", async () => {
    const withExif = await sharp({ create: { width: 32, height: 32, channels: 3, background: "#345" } })
      .webp()
      .withExif({ IFD0: { Make: "Camera" } })
      .toBuffer();
    expect(webpChunks(withExif)).toContain("EXIF");
    const clean = stripWebpMetadata(withExif);
    expect(webpChunks(clean)).not.toContain("EXIF");
    expect(clean[20] & 0x08).toBe(0);
    const meta = await sharp(Buffer.from(clean)).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.width).toBe(32);
    // Nothing to strip: the same bytes back.
    const plain = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#000" } })
      .webp()
      .toBuffer();
    expect(stripWebpMetadata(plain)).toBe(plain);
  });
  it("the spec's messages", () => {
    expect(PHOTO_MSG.batchTooLarge).toBe("You can only upload up to 20 images at once.");
    expect(PHOTO_MSG.skipped(2)).toBe("2 files were skipped due to invalid type or size.");
    expect(PHOTO_MSG.processFailed).toBe(
      "Failed to process one or more images. Please try again with different images.",
    );
  });
});
