// Instants and months as people read them. Every screen, e-mail and export that writes a date goes through
// here, so one moment reads the same everywhere. The team and the providers live in New Zealand, so instants
// are written in NZ time whatever zone the server runs in (nz-time.ts says why never a fixed offset); only a
// draft, which never leaves the browser, is written in the browser's own zone.
import { NZ_TIME_ZONE } from "./nz-time";

/** "27 November 2026": a day in NZ, as receipts, renewals and plan ends write it. */
export function formatNzDate(ms: number): string {
  return new Date(ms).toLocaleDateString("en-NZ", {
    timeZone: NZ_TIME_ZONE,
    day: "numeric",
    month: "long",
    year: "numeric",
  });
}

/** "21 Nov 2025, 2:05 pm": a moment in NZ, as logs, queues and account pages list it. */
export function formatNzTime(ms: number): string {
  return new Date(ms).toLocaleString("en-NZ", {
    timeZone: NZ_TIME_ZONE,
    day: "numeric",
    month: "short",
    year: "numeric",
    hour: "numeric",
    minute: "2-digit",
  });
}

/** "Friday, 27 November at 2:05 pm": a deadline to the minute in NZ, when the date alone would not say when. */
export function formatNzDeadline(ms: number): string {
  return new Date(ms).toLocaleString("en-NZ", {
    timeZone: NZ_TIME_ZONE,
    weekday: "long",
    day: "numeric",
    month: "long",
    hour: "numeric",
    minute: "2-digit",
  });
}

/** "November 2026": the month in NZ of an instant, as a photo's check is dated. */
export function formatNzMonth(ms: number): string {
  return new Date(ms).toLocaleString("en-NZ", { timeZone: NZ_TIME_ZONE, month: "long", year: "numeric" });
}

/** "November 2026" for "2026-11": a calendar month, so no zone applies. */
export function monthLabel(month: string): string {
  const [y, m] = month.split("-").map(Number);
  if (!y || !m) return month;
  return new Date(Date.UTC(y, m - 1, 1)).toLocaleString("en-NZ", { month: "long", year: "numeric", timeZone: "UTC" });
}

/** "20 November 2026" for "2026-11-20": a calendar day (an incident's date), so no zone applies. */
export function dayLabel(day: string): string {
  const [y, m, d] = day.split("-").map(Number);
  if (!y || !m || !d) return day;
  return new Date(Date.UTC(y, m - 1, d)).toLocaleDateString("en-NZ", {
    day: "numeric",
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  });
}

/** "26 Nov 2026, 2:05 pm" in the browser's own zone: when a draft kept in this browser was saved. */
export function formatLocalTime(ms: number): string {
  return new Date(ms).toLocaleString("en-NZ", { dateStyle: "medium", timeStyle: "short" });
}

/** How long something has waited, as the administrators' queues say it: "less than an hour", "5 hours", "3 days". */
export function waitedText(ms: number): string {
  const hours = Math.floor(Math.max(0, ms) / 3_600_000);
  if (hours < 1) return "less than an hour";
  if (hours < 48) return `${hours} hour${hours === 1 ? "" : "s"}`;
  return `${Math.floor(hours / 24)} days`;
}
