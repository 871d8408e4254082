// The roster as the public reads need it in SQL (docs/decisions/0060-agency-roster.md): a listing's shift on one
// NZ date rides on its card row as one text column, and the grids' 'Available today' asks the shift before the
// weekly hours. Both are one lookup in roster_shifts' primary key (listing_id, date) per row read.
import { sql } from "drizzle-orm";
import type { SQL } from "drizzle-orm";
import { schema } from "~/platform/data/db.server";

const l = schema.listings;
const rs = schema.rosterShifts;

/** The listing's shift on `date` as 'HH:MM|HH:MM' ('|' when off), or null when it has none (app/core/roster.ts cardShift). */
export function shiftTextOn(date: string): SQL<string | null> {
  return sql<
    string | null
  >`(SELECT coalesce(${rs.startTime}, '') || '|' || coalesce(${rs.endTime}, '') FROM ${rs} WHERE ${rs.listingId} = ${l.id} AND ${rs.date} = ${date})`;
}

/**
 * 'Available today' on NZ date `date` (weekday `weekday`, Monday 0): a shift that day decides (working or off);
 * without one, the weekly hours' bit for the weekday (available_days, migration 0033).
 */
export function workingOn(date: string, weekday: number): SQL {
  return sql`coalesce((SELECT ${rs.startTime} IS NOT NULL FROM ${rs} WHERE ${rs.listingId} = ${l.id} AND ${rs.date} = ${date}), (${l.availableDays} & ${1 << weekday}) <> 0)`;
}
