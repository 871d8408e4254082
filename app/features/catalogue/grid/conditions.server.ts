// The grids' filters as SQL conditions on listings (and today's tour stops): shared by the grid's page, its
// count and the filter options, so a card is in a count exactly when it is on the grid.
import { and, between, eq, gt, gte, isNotNull, isNull, lte, or } from "drizzle-orm";
import type { SQL } from "drizzle-orm";
import type { Filters } from "../filters";
import { nzClock } from "~/platform/time/nz-time";
import { earliestRunningStart } from "~/core/tour-stops";
import { schema } from "~/platform/data/db.server";
import { workingOn } from "~/features/agencies/roster-reads.server";

const l = schema.listings;
const ts = schema.tourStops;

/**
 * The listings a visitor's grid can show: live, with a cover photo to put on the card. In the query, never
 * after it: a page is read with LIMIT, and a row left out afterwards would leave the page a card short.
 */
export function shownToVisitors(): SQL[] {
  return [eq(l.live, true), isNotNull(l.coverKey)];
}

export function activeNowCondition(now: number): SQL {
  return and(eq(l.active, true), or(isNull(l.activeUntil), eq(l.activeUntil, 0), gt(l.activeUntil, now)))!;
}

export function filterConditions(filters: Filters, now: number): SQL[] {
  const conds: SQL[] = [];
  if (filters.age) conds.push(between(l.age, filters.age.min, filters.age.max));
  if (filters.height) conds.push(between(l.height, filters.height.min, filters.height.max));
  if (filters.nationality) conds.push(eq(l.nationality, filters.nationality));
  if (filters.bodyType) conds.push(eq(l.bodyType, filters.bodyType));
  if (filters.show === "hot") conds.push(eq(l.hot, true));
  if (filters.show === "verified") conds.push(eq(l.verified, true));
  if (filters.show === "active") conds.push(activeNowCondition(now));
  // Today is the NZ date of the request's clock, so the filter turns over at NZ midnight by itself; an agency's
  // roster shift that day decides before the weekly hours (docs/decisions/0060-agency-roster.md).
  if (filters.availableToday) {
    const today = nzClock(now);
    conds.push(workingOn(today.date, today.weekday));
  }
  // The cover is verified (the card's tick, kept with the cover: features/photos/plan-photos.server.ts).
  if (filters.verifiedPhotos) conds.push(eq(l.photoVerified, true));
  return conds;
}

/**
 * Tour stops running on the request's NZ date. A stop lasts at most MAX_STOP_DAYS, so only stops begun in
 * that many days before today are read (tour_stops_region / tour_stops_start): a stop ends at NZ midnight
 * by this comparison, with no write and no cron.
 */
export function runningStopConditions(now: number): SQL[] {
  const today = nzClock(now).date;
  return [gte(ts.startDate, earliestRunningStart(today)), lte(ts.startDate, today), gte(ts.endDate, today)];
}
