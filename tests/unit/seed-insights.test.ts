// The seed's demo insights (drizzle/seed/insights.ts): 90 days per demo listing, and the region breakdown adds
// up to each day's profile views.
import { describe, expect, it } from "vitest";
import { demoInsights, DEMO_INSIGHT_DAYS } from "../../drizzle/seed/insights";

describe("demo insights", () => {
  // 1 pm on 26 November in New Zealand: counts are kept by NZ day.
  const now = Date.UTC(2026, 10, 26, 0);
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

  it("gives each NZ date one row, across the start of daylight saving (27 September 2026)", () => {
    // Half past midnight in New Zealand: 24-hour steps back from here land on 11:30 pm of the day before once
    // the clocks are back on standard time, so 27 September never had a row.
    const late = Date.UTC(2026, 10, 26, 11, 30);
    const days = demoInsights([{ id: "a", location: "Auckland", photos: [] }], late, "test").daily.map((r) => r.day);
    expect(new Set(days).size).toBe(DEMO_INSIGHT_DAYS);
    expect(days.at(-1)).toBe("2026-11-27");
    expect(days).toContain("2026-09-27");
    expect(days[0]).toBe("2026-08-30");
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
