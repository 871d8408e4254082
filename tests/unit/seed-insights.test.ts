// The seed's demo insights (drizzle/seed/insights.ts): 90 days per demo listing, and the region breakdown adds
// up to each day's profile views.
import { describe, expect, it } from "vitest";
import { demoInsights, DEMO_INSIGHT_DAYS } from "../../drizzle/seed/insights";

describe("demo insights", () => {
  const now = Date.UTC(2026, 10, 26, 12);
  const rows = demoInsights(
    [
      { id: "a", location: "Auckland", photos: ["a/1.webp", "a/2.webp"] },
      { id: "b", location: "Christchurch", photos: ["b/1.webp"] },
    ],
    now,
    "test",
  );

  it("has one row a day for 90 days per listing, ending today", () => {
    expect(rows.daily.filter((r) => r.listing_id === "a")).toHaveLength(DEMO_INSIGHT_DAYS);
    expect(rows.daily.at(-1)!.day).toBe("2026-11-26");
  });

  it("breaks each day's views down by region exactly, mostly from the listing's own region", () => {
    for (const d of rows.daily) {
      const parts = rows.regions.filter((r) => r.listing_id === d.listing_id && r.day === d.day);
      expect(parts.reduce((n, r) => n + Number(r.views), 0)).toBe(d.views);
    }
    const b = rows.regions.filter((r) => r.listing_id === "b");
    const can = b.filter((r) => r.region === "CAN").reduce((n, r) => n + Number(r.views), 0);
    expect(can / b.reduce((n, r) => n + Number(r.views), 0)).toBeGreaterThan(0.5);
  });

  it("is the same for the same seed", () => {
    expect(
      demoInsights([{ id: "a", location: "Auckland", photos: ["a/1.webp", "a/2.webp"] }], now, "test").daily,
    ).toEqual(rows.daily.filter((r) => r.listing_id === "a"));
  });
});
