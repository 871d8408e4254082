import { describe, expect, it } from "vitest";
import { parseArgs, parsePhotoSize, UsageError } from "../../drizzle/seed/main";

describe("seed --photo-size", () => {
  it("stores an upload's size as the pipeline does: longest side at most 2400", () => {
    expect(parsePhotoSize("2400x3200")).toEqual({ width: 1800, height: 2400 });
    expect(parsePhotoSize("600x800")).toEqual({ width: 600, height: 800 });
    expect(parsePhotoSize("6000X4000")).toEqual({ width: 2400, height: 1600 });
  });

  it("refuses anything but two whole numbers from 16 to 8000", () => {
    for (const bad of ["2400", "x", "2400x", "0x800", "15x800", "8001x100", "-1x5", "2.5x3", "2400*3200", ""]) {
      expect(() => parsePhotoSize(bad), bad).toThrow(UsageError);
    }
  });

  it("is an option of the seed, unset by default", () => {
    expect(parseArgs([], "/r")).toMatchObject({ photoSize: null });
    expect(parseArgs(["--photo-size", "2400x3200"], "/r")).toMatchObject({ photoSize: { width: 1800, height: 2400 } });
    expect(parseArgs(["--photo-size=900x1200"], "/r")).toMatchObject({ photoSize: { width: 900, height: 1200 } });
    expect(() => parseArgs(["--photo-size"], "/r")).toThrow(UsageError);
  });
});
