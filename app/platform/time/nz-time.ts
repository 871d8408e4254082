// New Zealand wall-clock time. Providers think in NZ days and hours ("Wellington 3–5 Dec", "Tuesday
// 10:00–22:00"), and those must mean the same across both daylight-saving changes, so every conversion
// between an instant and an NZ date or time goes through the time-zone database, never a fixed offset.

// Short date text lives in short-dates.ts (cards ship it without this clock).
export { shortDate, shortDateRange } from "./short-dates";

export const NZ_TIME_ZONE = "Pacific/Auckland";

/** Monday first, as NZ calendars and the schedule table read. */
export const WEEKDAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"] as const;
export type Weekday = 0 | 1 | 2 | 3 | 4 | 5 | 6;

/** What an NZ wall clock shows at one instant. */
export type NzClock = {
  /** The NZ calendar date, YYYY-MM-DD. */
  date: string;
  weekday: Weekday;
  /** Minutes since the NZ midnight that began this date, by the wall clock (0-1439). */
  minutes: number;
};

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

const formatter = new Intl.DateTimeFormat("en-NZ", {
  timeZone: NZ_TIME_ZONE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

function wallParts(ms: number) {
  const parts: Record<string, string> = {};
  for (const p of formatter.formatToParts(new Date(ms))) parts[p.type] = p.value;
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
  };
}

const pad = (n: number) => String(n).padStart(2, "0");

// NZ's offsets are whole hours, so one UTC minute is one NZ minute: the last one read is kept, since the page
// cache asks for today's date on every request and Intl's formatToParts is slow.
let lastMinute = NaN;
let lastClock: NzClock | null = null;

export function nzClock(ms: number): NzClock {
  const minute = Math.floor(ms / MINUTE);
  if (minute !== lastMinute || !lastClock) {
    const p = wallParts(ms);
    const date = `${p.year}-${pad(p.month)}-${pad(p.day)}`;
    lastClock = { date, weekday: weekdayOf(date), minutes: p.hour * 60 + p.minute };
    lastMinute = minute;
  }
  return { ...lastClock };
}

/** The NZ date of an instant, YYYY-MM-DD. */
export const nzDate = (ms: number): string => nzClock(ms).date;

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar date written YYYY-MM-DD (2026-02-30 is not one). */
export function isCalendarDate(value: string): boolean {
  const m = DATE_RE.exec(value);
  if (!m) return false;
  const t = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  return new Date(t).toISOString().slice(0, 10) === value;
}

/** Calendar arithmetic on YYYY-MM-DD dates: the result is a date, not an instant, so no zone applies. */
export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split("-").map(Number);
  return new Date(Date.UTC(y, m - 1, d) + days * DAY).toISOString().slice(0, 10);
}

/** Whole days from one date to another (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  const utc = (date: string) => {
    const [y, m, d] = date.split("-").map(Number);
    return Date.UTC(y, m - 1, d);
  };
  return Math.round((utc(to) - utc(from)) / DAY);
}

export function weekdayOf(date: string): Weekday {
  const [y, m, d] = date.split("-").map(Number);
  // getUTCDay counts from Sunday; the schedule counts from Monday.
  return ((new Date(Date.UTC(y, m - 1, d)).getUTCDay() + 6) % 7) as Weekday;
}

/**
 * The first instant of an NZ date. NZ's clocks change at 02:00/03:00, never at midnight, so every NZ date
 * has exactly one midnight; two refinements of the offset find it.
 */
export function nzDayStart(date: string): number {
  const [y, m, d] = date.split("-").map(Number);
  const wallAsUtc = Date.UTC(y, m - 1, d);
  let guess = wallAsUtc;
  for (let i = 0; i < 2; i++) guess = wallAsUtc - offsetAt(guess);
  return guess;
}

/**
 * The instant an NZ wall clock shows `minutes` past midnight on `date` (19:30 is 1170). On the two days a year
 * the clocks change, the day is 23 or 25 hours long, so the offset is read again at the answer; a time the
 * spring change skips (02:00 to 03:00) reads as the hour after it, as a clock set that evening would.
 */
export function nzWallTime(date: string, minutes: number): number {
  const guess = nzDayStart(date) + minutes * MINUTE;
  // Minutes the wall clock shows past `date`'s midnight at the guess (past 1439 when it reads the next day).
  const wall = (ms: number) => {
    const shown = nzClock(ms);
    return daysBetween(date, shown.date) * 1440 + shown.minutes;
  };
  const off = minutes - wall(guess);
  if (off === 0) return guess;
  const corrected = guess + off * MINUTE;
  return wall(corrected) === minutes ? corrected : guess;
}

/** How far NZ wall time is ahead of UTC at an instant, in ms (12 or 13 hours). */
function offsetAt(ms: number): number {
  const p = wallParts(ms);
  const wallAsUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute);
  return wallAsUtc - Math.floor(ms / MINUTE) * MINUTE;
}
