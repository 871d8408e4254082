// Instants and months as people read them. Every screen, e-mail and export that writes a date goes through
// here, so one moment reads the same everywhere. The team and the providers live in New Zealand, so instants
// are written in NZ time whatever zone the server runs in (nz-time.ts says why never a fixed offset); only a
// draft, which never leaves the browser, is written in the browser's own zone.
import { NZ_TIME_ZONE } from "./nz-time";

/**
 * A formatter made on its first use and kept: `toLocaleString(locale, options)` builds a new one on every call
 * (about 0.1 ms each, against 1 µs for a kept one's format), and a page writes dozens of dates.
 */
function kept(options: Intl.DateTimeFormatOptions): (ms: number) => string {
  let formatter: Intl.DateTimeFormat | null = null;
  return (ms) => {
    const date = new Date(ms);
    // What toLocaleString writes for a date that is none (format would throw).
    if (Number.isNaN(date.getTime())) return "Invalid Date";
    return (formatter ??= new Intl.DateTimeFormat("en-NZ", options)).format(date);
  };
}

const nzDate = kept({ timeZone: NZ_TIME_ZONE, day: "numeric", month: "long", year: "numeric" });
const nzTime = kept({
  timeZone: NZ_TIME_ZONE,
  day: "numeric",
  month: "short",
  year: "numeric",
  hour: "numeric",
  minute: "2-digit",
});
const nzDeadline = kept({
  timeZone: NZ_TIME_ZONE,
  weekday: "long",
  day: "numeric",
  month: "long",
  hour: "numeric",
  minute: "2-digit",
});
const nzMonth = kept({ timeZone: NZ_TIME_ZONE, month: "long", year: "numeric" });
const utcMonth = kept({ month: "long", year: "numeric", timeZone: "UTC" });
const utcDay = kept({ day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });
const localTime = kept({ dateStyle: "medium", timeStyle: "short" });

/** "27 November 2026": a day in NZ, as receipts, renewals and plan ends write it. */
export function formatNzDate(ms: number): string {
  return nzDate(ms);
}

/** "21 Nov 2025, 2:05 pm": a moment in NZ, as logs, queues and account pages list it. */
export function formatNzTime(ms: number): string {
  return nzTime(ms);
}

/** "Friday, 27 November at 2:05 pm": a deadline to the minute in NZ, when the date alone would not say when. */
export function formatNzDeadline(ms: number): string {
  return nzDeadline(ms);
}

/** "November 2026": the month in NZ of an instant, as a photo's check is dated. */
export function formatNzMonth(ms: number): string {
  return nzMonth(ms);
}

/** "November 2026" for "2026-11": a calendar month, so no zone applies. */
export function monthLabel(month: string): string {
  const [y, m] = month.split("-").map(Number);
  if (!y || !m) return month;
  return utcMonth(Date.UTC(y, m - 1, 1));
}

/** "20 November 2026" for "2026-11-20": a calendar day (an incident's date), so no zone applies. */
export function dayLabel(day: string): string {
  const [y, m, d] = day.split("-").map(Number);
  if (!y || !m || !d) return day;
  return utcDay(Date.UTC(y, m - 1, d));
}

/** "26 Nov 2026, 2:05 pm" in the browser's own zone: when a draft kept in this browser was saved. */
export function formatLocalTime(ms: number): string {
  return localTime(ms);
}

/** How long something has waited, as the administrators' queues say it: "less than an hour", "5 hours", "3 days". */
export function waitedText(ms: number): string {
  const hours = Math.floor(Math.max(0, ms) / 3_600_000);
  if (hours < 1) return "less than an hour";
  if (hours < 48) return `${hours} hour${hours === 1 ? "" : "s"}`;
  return `${Math.floor(hours / 24)} days`;
}
