import { describe, expect, it } from "vitest";
import {
  percent,
  refusal,
  refusalHeadings,
  refusalLine,
  RESCALE_ABOVE_BYTES,
  serverRefusalKind,
  uploadSize,
} from "~/features/photos/upload-rules";
import { fileProblem } from "~/features/photos/rules";

const MB = 1024 * 1024;
const PNG_HEAD = (w: number, h: number) => {
  const b = new Uint8Array(24);
  b.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
  new DataView(b.buffer).setUint32(16, w);
  new DataView(b.buffer).setUint32(20, h);
  return b;
};

describe("a refused file is named with its reason", () => {
  it("the type, the 10 MB limit and the dimensions, as the byte checks find them", () => {
    const text = new TextEncoder().encode("just some notes");
    expect(refusalLine(refusal("notes.jpg", fileProblem(20, text)!))).toBe("notes.jpg: not a JPEG, PNG or WebP image");
    expect(refusalLine(refusal("huge.png", fileProblem(11 * MB, PNG_HEAD(100, 100))!, 11 * MB))).toBe(
      "huge.png: larger than the 10 MB limit",
    );
    expect(refusalLine(refusal("wide.png", fileProblem(MB, PNG_HEAD(9000, 100))!))).toBe(
      "wide.png: wider or taller than 8,000 px",
    );
    // An empty file is a size problem, but not 'over 10 MB'.
    expect(refusal("blank.jpg", fileProblem(0, new Uint8Array())!, 0).reason).toBe("the file is empty");
  });

  it("the server's problems, a failed upload and a full listing have reasons of their own", () => {
    expect(serverRefusalKind("dimensions")).toBe("dimensions");
    expect(serverRefusalKind("process")).toBe("process");
    expect(serverRefusalKind(undefined)).toBe("process");
    expect(refusal("a.jpg", "failed").reason).toMatch(/did not finish uploading/);
    expect(refusal("b.jpg", "tooMany").reason).toBe("over the 20 photos a listing can hold");
    expect(refusal("", "type").name).toBe("Unnamed file");
  });

  it("the list opens with the spec's texts for what they cover, then how many others", () => {
    const files = (...kinds: Parameters<typeof refusal>[1][]) => kinds.map((k, i) => refusal(`f${i}.jpg`, k));
    expect(refusalHeadings(files("type", "size", "dimensions"))).toEqual([
      "3 files were skipped due to invalid type or size.",
    ]);
    // The spec's wording, as it is, for one file too.
    expect(refusalHeadings(files("type"))).toEqual(["1 files were skipped due to invalid type or size."]);
    expect(refusalHeadings(files("process", "process"))).toEqual([
      "Failed to process one or more images. Please try again with different images.",
    ]);
    expect(refusalHeadings(files("size", "process", "failed", "tooMany"))).toEqual([
      "1 files were skipped due to invalid type or size.",
      "Failed to process one or more images. Please try again with different images.",
      "2 photos were not added.",
    ]);
    expect(refusalHeadings(files("failed"))).toEqual(["1 photo was not added."]);
  });
});

describe("the size a photo is sent at", () => {
  it("a phone's 12 MP photo goes at the 2400 px the site keeps, its shape kept", () => {
    expect(uploadSize(4032, 3024, 4 * MB)).toEqual({ width: 2400, height: 1800 });
    expect(uploadSize(3024, 4032, 4 * MB)).toEqual({ width: 1800, height: 2400 });
  });

  it("a small photo goes as it is; a heavy one that fits is re-encoded at its own size, never enlarged", () => {
    expect(uploadSize(1200, 1600, 300 * 1024)).toBeNull();
    expect(uploadSize(2400, 1600, RESCALE_ABOVE_BYTES - 1)).toBeNull();
    expect(uploadSize(2000, 1500, 3 * MB)).toEqual({ width: 2000, height: 1500 });
    expect(uploadSize(0, 0, 3 * MB)).toBeNull();
  });

  it("progress is a whole percentage, 0 when the size is unknown", () => {
    expect(percent(0, 0)).toBe(0);
    expect(percent(512, 1024)).toBe(50);
    expect(percent(1023, 1024)).toBe(99);
    expect(percent(2048, 1024)).toBe(100);
  });
});
