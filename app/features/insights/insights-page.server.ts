// Everything /dashboard/insights shows, in two D1 round trips: the owner's listings (with the statement-mail
// opt-in) beside the session lookup itself (read by the dashboard with its frame), then one batch with the
// chosen listing's range, its weekly statement and its cover rotation. Each read is written once, in the module that owns it; this one only
// gathers them, because on Workers every round trip to D1 is paid in the page's time.
import type { Placeholder, SQL } from "drizzle-orm";
import { getDb, keptSelect } from "~/platform/data/db.server";
import type { DbEnv } from "~/platform/data/db.server";
import { coverQueries, coverRotationView } from "./cover-rotation.server";
import type { CoverRotationView } from "./cover-rotation.server";
import type { InsightsView, Range } from "./insights";
import {
  insightsView,
  listingChoices,
  noListingView,
  ownListingsQuery,
  pickListing,
  rangeQueries,
  rangeStart,
} from "./insights.server";
import { nextStatementDay, statementWeek } from "./statement/statement";
import type { Statement } from "./statement/statement";
import { statementEmailQuery, statementFrom, statementQueries } from "./statement/statement.server";

export type InsightsPageData = InsightsView & {
  statement: Statement | null;
  /** The chosen listing is public now (a statement with no days public then says when the next one comes). */
  publicNow: boolean;
  /** The Monday whose statement covers this week, YYYY-MM-DD. */
  nextStatement: string;
  emailOn: boolean;
  covers: CoverRotationView | null;
};

type OwnerRows = [Awaited<ReturnType<typeof ownListingsQuery>>, Awaited<ReturnType<typeof statementEmailQuery>>];

/** The owner's reads (listings, the statement-mail opt-in) with `owner` the session's subquery or a user id. */
export function insightsOwnerSelects(owner: SQL | Placeholder, key: string) {
  return [
    keptSelect(`insights-owned:${key}`, (db) => ownListingsQuery(db, owner)),
    keptSelect(`insights-email:${key}`, (db) => statementEmailQuery(db, owner)),
  ] as const;
}

export type InsightsOwnerSelects = ReturnType<typeof insightsOwnerSelects>;

/**
 * The page from the owner's rows, read by a caller's batch (the dashboard reads them in the session lookup's
 * own batch with its frame: app/features/dashboard/dashboard-frame.server.ts): one more round trip for the range.
 */
export function insightsPageFromRows(
  env: DbEnv,
  [owned, email]: InsightsOwnerSelects,
  results: D1Result[],
  wanted: string | null,
  days: Range,
  now: number,
): Promise<InsightsPageData> {
  return pageFrom(env, [owned.rows(results[0]), email.rows(results[1])], wanted, days, now);
}

/** The page of `userId` (the benchmark and the tests call it with a user they made). */
export async function loadInsightsPage(
  env: DbEnv,
  userId: string,
  wanted: string | null,
  days: Range,
  now: number,
): Promise<InsightsPageData> {
  const db = getDb(env);
  return pageFrom(
    env,
    await db.batch([ownListingsQuery(db, userId), statementEmailQuery(db, userId)]),
    wanted,
    days,
    now,
  );
}

async function pageFrom(
  env: DbEnv,
  [owned, email]: OwnerRows,
  wanted: string | null,
  days: Range,
  now: number,
): Promise<InsightsPageData> {
  const db = getDb(env);
  const listings = listingChoices(owned);
  const emailOn = email.length > 0;
  const listing = pickListing(owned, wanted);
  if (!listing) {
    return {
      ...noListingView(listings, days),
      statement: null,
      publicNow: false,
      nextStatement: nextStatementDay(now),
      emailOn,
      covers: null,
    };
  }
  const id = listing.listingId;
  const week = statementWeek(now);
  const from = rangeStart(days, now);
  const [rows, photos, regions, spans, counts, stored, coverPhotos, coverCounts] = await db.batch([
    ...rangeQueries(db, id, from),
    ...statementQueries(db, id, week),
    ...coverQueries(db, id, from),
  ]);
  return {
    ...insightsView(listings, id, days, now, [rows, photos, regions]),
    statement: await statementFrom(env, week, [spans, counts, stored], now),
    publicNow: Boolean(listing.live),
    nextStatement: nextStatementDay(now),
    emailOn,
    covers: coverRotationView(coverPhotos, coverCounts),
  };
}
