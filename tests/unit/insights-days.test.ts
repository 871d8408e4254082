import { describe, expect, it } from "vitest";
import { axisDates, rangeDays } from "~/features/insights/insights";

describe("the insights' days", () => {
  it("are NZ calendar days ending today", () => {
    // 20:00 UTC on 23 November is 9 am on the 24th in Auckland.
    expect(rangeDays(3, Date.UTC(2026, 10, 23, 20))).toEqual(["2026-11-22", "2026-11-23", "2026-11-24"]);
  });

  it("hold every date once across a 23-hour day (daylight saving begins on 27 September 2026)", () => {
    // Just after midnight on the 28th, NZ time: a fixed 24 hours back would skip the 27th.
    const days = rangeDays(3, Date.UTC(2026, 8, 27, 11, 30));
    expect(days).toEqual(["2026-09-26", "2026-09-27", "2026-09-28"]);
  });

  it("date the chart: the first and last day and a few between, under their bars", () => {
    const week = rangeDays(7, Date.UTC(2026, 10, 23, 20));
    expect(axisDates(week, 7).map((d) => d.label)).toEqual([
      "18 Nov",
      "19 Nov",
      "20 Nov",
      "21 Nov",
      "22 Nov",
      "23 Nov",
      "24 Nov",
    ]);
    const month = rangeDays(30, Date.UTC(2026, 10, 23, 20));
    const labels = axisDates(month, 5);
    expect(labels).toHaveLength(5);
    expect(labels[0]).toMatchObject({ label: "26 Oct", at: 0.5 / 30 });
    expect(labels[4]).toMatchObject({ label: "24 Nov", at: 29.5 / 30 });
  });
});
