// Touring: a listing also appears in another region for set NZ dates. Dates are NZ calendar dates and both
// ends are inclusive ("Wellington 3–5 Dec" is three days); a stop ends by the date alone, so a query that
// compares with today's NZ date never shows a stop that ended at midnight, cron or no cron.
import { addDays, daysBetween, isCalendarDate } from "~/platform/time/nz-time";
import { parseRegion } from "~/core/regions";
import type { Region } from "~/core/regions";
import { isSuburbOf } from "~/core/suburbs";
import type { TourStop } from "./tour-text";

// The reading side lives in tour-text.ts (cards ship it without these checks); one import for the editor.
export { cardTourText, onTourLine, touringBadge, type CardTour, type TourStop } from "./tour-text";

/** As typed in the editor, before checking. */
export type TourStopInput = { region: string; suburb: string; start: string; end: string };

export const MAX_TOUR_STOPS = 5;
/** A stop is a visit, not a second home: longer stays are a move, made by changing the listing's region. */
export const MAX_STOP_DAYS = 31;
/** How far ahead a stop may be planned. */
export const MAX_DAYS_AHEAD = 365;

export const TOUR_MSG = {
  tooMany: `At most ${MAX_TOUR_STOPS} tour stops.`,
  region: "Choose a region.",
  homeRegion: "This listing is already shown in its own region.",
  suburb: "Choose a suburb of that region, or leave it empty.",
  date: "Enter a date.",
  endBeforeStart: "The end date can't be before the start date.",
  past: "This stop is over. Remove it, or choose dates from today on.",
  startPast: "A new stop can't start before today.",
  tooLong: `A stop can last at most ${MAX_STOP_DAYS} days.`,
  tooFar: "A stop can start at most a year ahead.",
  overlap: "This stop overlaps another one.",
} as const;

export type TourErrors = Record<string, string>;
export type TourCheck = { ok: true; stops: TourStop[] } | { ok: false; errors: TourErrors };

/**
 * Checks the editor's stops against today's NZ date. Errors are keyed `tours.{i}.{field}` (or `tours`) so each
 * shows beside its field. A stop already under way may keep its start date in the past (it was checked when
 * it was added); a new one starts today at the earliest. The stops come back sorted by start.
 */
export function checkTourStops(
  given: readonly unknown[],
  ctx: { today: string; homeRegion: Region; saved: readonly TourStop[] },
): TourCheck {
  const errors: TourErrors = {};
  if (given.length > MAX_TOUR_STOPS) return { ok: false, errors: { tours: TOUR_MSG.tooMany } };
  const stops: (TourStop & { i: number })[] = [];
  given.map(asInput).forEach((input, i) => {
    const key = (field: string) => `tours.${i}.${field}`;
    const region = parseRegion(input.region);
    const suburb = input.suburb.trim() || null;
    let bad = false;
    const fail = (field: string, message: string) => {
      errors[key(field)] ??= message;
      bad = true;
    };
    if (!region) fail("region", TOUR_MSG.region);
    else if (region === ctx.homeRegion) fail("region", TOUR_MSG.homeRegion);
    else if (suburb && !isSuburbOf(region, suburb)) fail("suburb", TOUR_MSG.suburb);
    if (!isCalendarDate(input.start)) fail("start", TOUR_MSG.date);
    if (!isCalendarDate(input.end)) fail("end", TOUR_MSG.date);
    if (bad || !region) return;
    const { start, end } = input;
    const underWay = ctx.saved.some((s) => s.region === region && s.start === start);
    if (end < start) fail("end", TOUR_MSG.endBeforeStart);
    else if (end < ctx.today) fail("end", TOUR_MSG.past);
    else if (start < ctx.today && !underWay) fail("start", TOUR_MSG.startPast);
    else if (daysBetween(start, end) + 1 > MAX_STOP_DAYS) fail("end", TOUR_MSG.tooLong);
    else if (daysBetween(ctx.today, start) > MAX_DAYS_AHEAD) fail("start", TOUR_MSG.tooFar);
    if (!bad) stops.push({ region, suburb, start, end, i });
  });
  const sorted = [...stops].sort((a, b) => (a.start < b.start ? -1 : a.start > b.start ? 1 : a.i - b.i));
  for (let k = 1; k < sorted.length; k++) {
    if (sorted[k].start <= sorted[k - 1].end) errors[`tours.${sorted[k].i}.start`] ??= TOUR_MSG.overlap;
  }
  if (Object.keys(errors).length) return { ok: false, errors };
  return { ok: true, stops: sorted.map(({ region, suburb, start, end }) => ({ region, suburb, start, end })) };
}

/** Anything a request sent as a stop, as text fields: a hand-made body must get messages, not a crash. */
function asInput(value: unknown): TourStopInput {
  const o = (typeof value === "object" && value !== null ? value : {}) as Record<string, unknown>;
  const text = (v: unknown) => (typeof v === "string" ? v.slice(0, 100) : "");
  return { region: text(o.region), suburb: text(o.suburb), start: text(o.start), end: text(o.end) };
}

/** The stop running on an NZ date, if any. */
export function currentStop(stops: readonly TourStop[], today: string): TourStop | null {
  return stops.find((s) => s.start <= today && today <= s.end) ?? null;
}

/** Stops not yet over, soonest first: what the profile lists. */
export function upcomingStops(stops: readonly TourStop[], today: string): TourStop[] {
  return stops.filter((s) => s.end >= today).sort((a, b) => (a.start < b.start ? -1 : 1));
}

/**
 * The earliest start of a stop that can still run on `today`: no stop lasts more than MAX_STOP_DAYS, so the
 * grid and the counts read only stops that began in the last MAX_STOP_DAYS days (an index range, however
 * many stops have ended since).
 */
export function earliestRunningStart(today: string): string {
  return addDays(today, -(MAX_STOP_DAYS - 1));
}

/** The stops as the editor's form holds them (text fields), for the ones not yet over. */
export function tourInputs(stops: readonly TourStop[], today: string): TourStopInput[] {
  return upcomingStops(stops, today).map((s) => ({
    region: s.region,
    suburb: s.suburb ?? "",
    start: s.start,
    end: s.end,
  }));
}

/**
 * The stops a draft would save, for the live preview: the rows that already read as a stop (a known region,
 * real dates, in order), whether or not they would pass the save's checks.
 */
export function draftStops(inputs: readonly TourStopInput[]): TourStop[] {
  const stops: TourStop[] = [];
  for (const input of inputs) {
    const region = parseRegion(input.region);
    if (!region || !isCalendarDate(input.start) || !isCalendarDate(input.end) || input.end < input.start) continue;
    stops.push({ region, suburb: input.suburb.trim() || null, start: input.start, end: input.end });
  }
  return stops.sort((a, b) => (a.start < b.start ? -1 : a.start > b.start ? 1 : 0));
}
