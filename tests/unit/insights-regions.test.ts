// Profile views by visitor region (docs/decisions/0032-region-breakdown.md): the region read
// from request.cf, small counts masked, and the region riding with a view's mark but never stored with it.
import { describe, expect, it } from "vitest";
import { newId } from "~/platform/data/ids";
import { marksOf } from "~/features/insights/count-events";
import {
  maskedCount,
  NZ_REGIONS,
  regionRows,
  SITE_REGION_OF,
  storedRegion,
  visitorRegion,
} from "~/features/insights/regions";
import { REGIONS } from "~/core/regions";

const LISTING = newId();

describe("the visitor's region", () => {
  it("is the NZ region code from request.cf, 'abroad' outside NZ, 'unknown' otherwise", () => {
    expect(visitorRegion({ country: "NZ", region: "Auckland", regionCode: "AUK" })).toBe("AUK");
    expect(visitorRegion({ country: "NZ", regionCode: "WGN" })).toBe("WGN");
    expect(visitorRegion({ country: "AU", regionCode: "NSW" })).toBe("abroad");
    expect(visitorRegion({ country: "NZ", regionCode: "XYZ" })).toBe("unknown");
    expect(visitorRegion({ country: "NZ" })).toBe("unknown");
    expect(visitorRegion(undefined)).toBe("unknown");
  });

  it("from a queue message is trusted only when it is one of ours", () => {
    expect(storedRegion("CAN")).toBe("CAN");
    expect(storedRegion("abroad")).toBe("abroad");
    expect(storedRegion("<script>")).toBe("unknown");
    expect(storedRegion(7)).toBe("unknown");
  });

  it("travels with a view's mark only", () => {
    const marks = marksOf([
      {
        at: Date.UTC(2026, 10, 26),
        visitor: "v1",
        region: "OTA",
        events: [
          { kind: "view", listing: LISTING },
          { kind: "impression", listing: LISTING },
        ],
      },
      { at: Date.UTC(2026, 10, 26), visitor: "v2", region: "bogus", events: [{ kind: "view", listing: LISTING }] },
    ]);
    expect(marks.map((m) => [m.kind, m.region])).toEqual([
      ["view", "OTA"],
      ["impression", undefined],
      ["view", "unknown"],
    ]);
  });
});

describe("small counts", () => {
  it("under 5 read 'fewer than 5', from 5 the number", () => {
    expect(maskedCount(0)).toBe("fewer than 5");
    expect(maskedCount(1)).toBe("fewer than 5");
    expect(maskedCount(4)).toBe("fewer than 5");
    expect(maskedCount(5)).toBe("5");
    expect(maskedCount(120)).toBe("120");
  });

  it("the breakdown lists regions by views, abroad and unknown last, each masked", () => {
    expect(
      regionRows([
        { region: "unknown", views: 40 },
        { region: "WGN", views: 3 },
        { region: "AUK", views: 12 },
        { region: "abroad", views: 7 },
        { region: "CAN", views: 0 },
      ]),
    ).toEqual([
      { region: "Auckland", name: "Auckland", shown: "12" },
      { region: "Wellington", name: "Wellington", shown: "fewer than 5" },
      { region: "abroad", name: "Outside New Zealand", shown: "7" },
      { region: "unknown", name: "Unknown", shown: "40" },
    ]);
  });

  it("is shown under the site's seven regions, each one's views summed before masking", () => {
    expect(
      regionRows([
        { region: "NTL", views: 3 },
        { region: "AUK", views: 3 },
        { region: "OTA", views: 2 },
        { region: "STL", views: 2 },
        { region: "WKO", views: 9 },
        { region: "MWT", views: 5 },
        { region: "CAN", views: 5 },
      ]),
    ).toEqual([
      { region: "Hamilton", name: "Hamilton", shown: "9" },
      { region: "Auckland", name: "Auckland", shown: "6" },
      { region: "Central North Island", name: "Central North Island", shown: "5" },
      { region: "Christchurch", name: "Christchurch", shown: "5" },
      { region: "South Island", name: "South Island", shown: "fewer than 5" },
    ]);
    // Every ISO region is under one of the site's.
    for (const code of Object.keys(NZ_REGIONS)) expect(REGIONS).toContain(SITE_REGION_OF[code]);
  });
});
