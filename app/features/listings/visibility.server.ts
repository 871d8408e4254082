// The SQL side of the visibility rule (./visibility.ts): every write that changes one of its inputs sets
// `live` (and ends 'Active Now' when the listing goes out of sight) in the same UPDATE, from this module
// only. SQLite evaluates SET expressions against the row as it was, so the inputs the statement itself
// changes are passed in and used as values instead of their columns.
import { sql } from "drizzle-orm";
import type { SQL } from "drizzle-orm";
import { schema } from "~/platform/data/db.server";

const l = schema.listings;

/** The inputs a write is changing, as their new values (the rest are read from the row). */
export type VisibilityChange = {
  verified?: boolean;
  paid?: boolean;
  pausedAt?: number | null;
  hiddenAsStale?: boolean;
  switchedOff?: boolean;
  awaitingConsent?: boolean;
  agencyHeld?: boolean;
  numberHeld?: boolean;
};

function input(column: SQL | typeof l.verified, value: boolean | undefined): SQL {
  return value === undefined ? sql`${column}` : sql`${value ? 1 : 0}`;
}

/** 1 when the listing is public after `change`, else 0: ./visibility.ts `isPublic` in SQL. */
export function publicAfter(change: VisibilityChange = {}): SQL<number> {
  const verified = input(sql`${l.verified}`, change.verified);
  const paid = input(sql`${l.paid}`, change.paid);
  const notPaused = "pausedAt" in change ? sql`${change.pausedAt == null ? 1 : 0}` : sql`(${l.pausedAt} IS NULL)`;
  const stale = input(sql`${l.hiddenAsStale}`, change.hiddenAsStale);
  const switchedOff = input(sql`${l.switchedOff}`, change.switchedOff);
  const awaitingConsent = input(sql`${l.awaitingConsent}`, change.awaitingConsent);
  const agencyHeld = input(sql`${l.agencyHeld}`, change.agencyHeld);
  const numberHeld = input(sql`${l.numberHeld}`, change.numberHeld);
  return sql<number>`(CASE WHEN ${verified} = 1 AND ${paid} = 1 AND ${notPaused} = 1 AND ${stale} = 0 AND ${switchedOff} = 0 AND ${awaitingConsent} = 0 AND ${agencyHeld} = 0 AND ${numberHeld} = 0 THEN 1 ELSE 0 END)`;
}

/**
 * The columns to SET with `change`: the change itself, `live` by the rule, 'Active Now' ended for a listing
 * that goes out of sight (it keeps the moment it was last active, as the owner's own switch does), and
 * `updated_at`: the triggers that follow `live` (a paid week that waited for the listing to be public, the
 * record of when it was public) read the moment from it, so it is this write's own clock.
 */
export function visibilitySet(change: VisibilityChange, now: number) {
  const live = publicAfter(change);
  return {
    ...change,
    updatedAt: now,
    live: sql<boolean>`${live}`,
    active: sql<boolean>`CASE WHEN ${live} = 1 THEN ${l.active} ELSE 0 END`,
    activeUntil: sql<
      number | null
    >`CASE WHEN ${live} = 1 OR ${l.active} = 0 THEN ${l.activeUntil} WHEN ${l.activeUntil} > ${now} THEN ${now} ELSE ${l.activeUntil} END`,
  };
}

/** The columns `visibilityInputs` (./visibility.ts) reads, to spread into a select: one list for every reader. */
export const visibilityColumns = {
  verified: l.verified,
  paid: l.paid,
  pausedAt: l.pausedAt,
  hiddenAsStale: l.hiddenAsStale,
  switchedOff: l.switchedOff,
  awaitingConsent: l.awaitingConsent,
  agencyHeld: l.agencyHeld,
  numberHeld: l.numberHeld,
};
