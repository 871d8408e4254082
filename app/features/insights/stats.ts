// Listing statistics are kept per calendar month in UTC, so a provider sees the same month whatever
// their time zone and a month's row is never split across two keys.

/** 'YYYY-MM' of the UTC month holding `now` (milliseconds). */
export function monthKey(now: number): string {
  return new Date(now).toISOString().slice(0, 7);
}
