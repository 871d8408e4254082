import { describe, expect, it } from "vitest";
import {
  checkTourStops,
  currentStop,
  MAX_STOP_DAYS,
  onTourLine,
  TOUR_MSG,
  touringBadge,
  upcomingStops,
} from "~/core/tour-stops";
import type { TourStop, TourStopInput } from "~/core/tour-stops";

const today = "2026-11-23";
const ctx = { today, homeRegion: "Auckland" as const, saved: [] as TourStop[] };
const stop = (region: string, start: string, end: string, suburb = ""): TourStopInput => ({
  region,
  suburb,
  start,
  end,
});

describe("checkTourStops", () => {
  it("accepts up to five stops in other regions from today on, and sorts them", () => {
    const result = checkTourStops(
      [
        stop("Christchurch", "2026-12-10", "2026-12-12"),
        stop("wellington", "2026-12-03", "2026-12-05", "Te Aro"),
        stop("Hamilton", today, today),
      ],
      ctx,
    );
    expect(result).toEqual({
      ok: true,
      stops: [
        { region: "Hamilton", suburb: null, start: today, end: today },
        { region: "Wellington", suburb: "Te Aro", start: "2026-12-03", end: "2026-12-05" },
        { region: "Christchurch", suburb: null, start: "2026-12-10", end: "2026-12-12" },
      ],
    });
  });

  it("refuses end before start, past stops, unknown regions, bad dates and a sixth stop, beside the field", () => {
    const cases: [TourStopInput, Record<string, string>][] = [
      [stop("Wellington", "2026-12-05", "2026-12-03"), { "tours.0.end": TOUR_MSG.endBeforeStart }],
      [stop("Wellington", "2026-11-01", "2026-11-22"), { "tours.0.end": TOUR_MSG.past }],
      [stop("Wellington", "2026-11-22", "2026-11-25"), { "tours.0.start": TOUR_MSG.startPast }],
      [stop("Atlantis", "2026-12-03", "2026-12-05"), { "tours.0.region": TOUR_MSG.region }],
      [stop("Auckland", "2026-12-03", "2026-12-05"), { "tours.0.region": TOUR_MSG.homeRegion }],
      [stop("Wellington", "2026-12-03", "2026-12-05", "Ponsonby"), { "tours.0.suburb": TOUR_MSG.suburb }],
      [stop("Wellington", "2026-02-30", "3 Dec"), { "tours.0.start": TOUR_MSG.date, "tours.0.end": TOUR_MSG.date }],
      [stop("Wellington", "2026-12-01", "2027-01-01"), { "tours.0.end": TOUR_MSG.tooLong }],
      [stop("Wellington", "2027-12-01", "2027-12-02"), { "tours.0.start": TOUR_MSG.tooFar }],
    ];
    for (const [input, errors] of cases)
      expect(checkTourStops([input], ctx), JSON.stringify(input)).toEqual({ ok: false, errors });
    const six = Array.from({ length: 6 }, (_, i) =>
      stop("Wellington", `2026-12-${10 + i * 2}`, `2026-12-${10 + i * 2}`),
    );
    expect(checkTourStops(six, ctx)).toEqual({ ok: false, errors: { tours: TOUR_MSG.tooMany } });
    // A hand-made body: wrong types are messages, never a crash.
    expect(checkTourStops([null, { region: 7, suburb: {}, start: [], end: 1 }], ctx)).toEqual({
      ok: false,
      errors: {
        "tours.0.region": TOUR_MSG.region,
        "tours.0.start": TOUR_MSG.date,
        "tours.0.end": TOUR_MSG.date,
        "tours.1.region": TOUR_MSG.region,
        "tours.1.start": TOUR_MSG.date,
        "tours.1.end": TOUR_MSG.date,
      },
    });
    expect(MAX_STOP_DAYS).toBe(31);
  });

  it("refuses overlapping stops, even in different regions; touching end and start days overlap too", () => {
    const overlapping = [stop("Wellington", "2026-12-03", "2026-12-05"), stop("Hamilton", "2026-12-05", "2026-12-07")];
    expect(checkTourStops(overlapping, ctx)).toEqual({ ok: false, errors: { "tours.1.start": TOUR_MSG.overlap } });
    // Given out of order, the later-starting stop is the one flagged.
    expect(checkTourStops([...overlapping].reverse(), ctx)).toEqual({
      ok: false,
      errors: { "tours.0.start": TOUR_MSG.overlap },
    });
    const backToBack = [stop("Wellington", "2026-12-03", "2026-12-05"), stop("Hamilton", "2026-12-06", "2026-12-07")];
    expect(checkTourStops(backToBack, ctx).ok).toBe(true);
  });

  it("keeps a stop already under way, whose start is now in the past", () => {
    const saved: TourStop[] = [{ region: "Wellington", suburb: null, start: "2026-11-20", end: "2026-11-25" }];
    expect(checkTourStops([stop("Wellington", "2026-11-20", "2026-11-25")], { ...ctx, saved }).ok).toBe(true);
    // Not by changing its region.
    expect(checkTourStops([stop("Hamilton", "2026-11-20", "2026-11-25")], { ...ctx, saved })).toEqual({
      ok: false,
      errors: { "tours.0.start": TOUR_MSG.startPast },
    });
  });
});

describe("a stop over time", () => {
  const stops: TourStop[] = [
    { region: "Wellington", suburb: null, start: "2026-12-03", end: "2026-12-05" },
    { region: "Christchurch", suburb: "Riccarton", start: "2026-11-28", end: "2026-12-02" },
  ];

  it("runs from its first to its last NZ date, both included", () => {
    expect(currentStop(stops, "2026-12-02")?.region).toBe("Christchurch");
    expect(currentStop(stops, "2026-12-03")?.region).toBe("Wellington");
    expect(currentStop(stops, "2026-12-05")?.region).toBe("Wellington");
    expect(currentStop(stops, "2026-12-06")).toBeNull();
    expect(upcomingStops(stops, "2026-12-03").map((s) => s.region)).toEqual(["Wellington"]);
    expect(upcomingStops(stops, today).map((s) => s.region)).toEqual(["Christchurch", "Wellington"]);
  });

  it("reads as the issue's badge and home-region line", () => {
    expect(touringBadge(stops[0])).toBe("Touring · Wellington 3–5 Dec");
    expect(touringBadge(stops[1])).toBe("Touring · Christchurch 28 Nov–2 Dec");
    expect(onTourLine(stops[0])).toBe("On tour in Wellington until 5 Dec");
  });
});
