// The insights arithmetic: every day of the range present, totals, rates, the CSV and the chart's scale.
import { describe, expect, it } from "vitest";
import {
  barPaths,
  chartBars,
  fillDays,
  formatRate,
  insightsCsv,
  parseRange,
  totalsOf,
} from "~/features/insights/insights";

// 1 pm on 26 November in New Zealand: counts are kept by NZ day.
const NOW = Date.UTC(2026, 10, 26, 0);
const row = (day: string, impressions: number, views: number, contacts = 0) => ({
  day,
  impressions,
  views,
  photoOpens: 0,
  contacts,
  likes: 0,
  favourites: 0,
});

describe("insights arithmetic", () => {
  it("takes 7, 30 or 90 days, 30 otherwise", () => {
    expect([parseRange("7"), parseRange("90"), parseRange("31"), parseRange(null)]).toEqual([7, 90, 30, 30]);
  });

  it("fills every day of the range, oldest first, with zeros where nothing was counted", () => {
    const series = fillDays([row("2026-11-25", 10, 2)], 7, NOW);
    expect(series.map((d) => d.day)).toEqual([
      "2026-11-20",
      "2026-11-21",
      "2026-11-22",
      "2026-11-23",
      "2026-11-24",
      "2026-11-25",
      "2026-11-26",
    ]);
    expect(series[5].impressions).toBe(10);
    expect(series[6].impressions).toBe(0);
  });

  it("adds up the range and gives the view and contact rates", () => {
    const t = totalsOf([row("2026-11-25", 200, 20, 2), row("2026-11-26", 50, 5, 1)]);
    expect(t).toMatchObject({ impressions: 250, views: 25, contacts: 3 });
    expect(formatRate(t.viewRate)).toBe("10%");
    expect(formatRate(t.contactRate)).toBe("12%");
    expect(formatRate(totalsOf([]).viewRate)).toBe("–");
    expect(formatRate(0.034)).toBe("3.4%");
  });

  it("writes one CSV row a day, with empty rates where nothing was shown", () => {
    const csv = insightsCsv([row("2026-11-25", 200, 20, 2), row("2026-11-26", 0, 0)]);
    expect(csv.split("\r\n")).toEqual([
      "day,impressions,profile_views,view_rate,contact_taps,contact_rate,likes,favourites,photo_opens",
      "2026-11-25,200,20,0.1000,2,0.1000,0,0,0",
      "2026-11-26,0,0,,0,,0,0,0",
      "",
    ]);
  });

  it("scales the chart to a round top and keeps every bar inside it", () => {
    const { bars, top } = chartBars([row("a", 37, 5), row("b", 12, 12)], 100, 50);
    expect(top).toBe(40);
    expect(bars[0].impressionsY).toBeCloseTo(50 - (37 / 40) * 50);
    for (const b of bars) expect(b.x + b.width).toBeLessThanOrEqual(100);
  });

  it("draws each measure's bars as one path: a closed box per day from its top down to the axis", () => {
    const { bars } = chartBars([row("a", 37, 5), row("b", 12, 12)], 100, 50);
    const { impressions, views } = barPaths(bars, 50);
    expect(impressions).toBe("M5 3.75h40V50h-40zM55 35h40V50h-40z");
    expect(views).toBe("M5 43.75h40V50h-40zM55 35h40V50h-40z");
  });
});
