// Listing statistics are kept per calendar month in New Zealand: the month of the day a count belongs to
// (`countDay`), so a month's row holds exactly its NZ days' counts, whichever path wrote them (the count
// flush adds views under its marks' day, `substr(day, 1, 7)`; likes and contacts are added as they happen)
// and whatever the reader's time zone (docs/decisions/0074-monthly-figures-by-nz-month.md).
import { countDay } from "~/platform/http/client-address";

/** 'YYYY-MM' of the NZ month holding `now` (milliseconds): the month of `countDay(now)`. */
export function monthKey(now: number): string {
  return countDay(now).slice(0, 7);
}
