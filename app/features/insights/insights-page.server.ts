// Everything /dashboard/insights shows, in two D1 round trips: the owner's listings (with the statement-mail
// opt-in), then one batch with the chosen listing's range, its weekly statement and its cover rotation. Each
// read is written once, in the module that owns it; this one only gathers them, because on Workers every
// round trip to D1 is paid in the page's time.
import { getDb } from "~/platform/data/db.server";
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
import { lastFullWeek } from "./statement";
import type { Statement } from "./statement";
import { statementEmailQuery, statementFrom, statementQueries } from "./statement.server";
import type { DbEnv } from "~/platform/data/db.server";

export type InsightsPageData = InsightsView & {
  statement: Statement | null;
  emailOn: boolean;
  covers: CoverRotationView | null;
};

export async function loadInsightsPage(
  env: DbEnv,
  userId: string,
  wanted: string | null,
  days: Range,
  now: number,
): Promise<InsightsPageData> {
  const db = getDb(env);
  const [owned, email] = await db.batch([ownListingsQuery(db, userId), statementEmailQuery(db, userId)]);
  const listings = listingChoices(owned);
  const emailOn = email.length > 0;
  const listing = pickListing(owned, wanted);
  if (!listing) return { ...noListingView(listings, days), statement: null, emailOn, covers: null };
  const id = listing.modelId;
  const week = lastFullWeek(now);
  const from = rangeStart(days, now);
  const [rows, photos, regions, own, peers, coverPhotos, coverCounts] = await db.batch([
    ...rangeQueries(db, id, from),
    ...statementQueries(db, id, listing, week),
    ...coverQueries(db, id, from),
  ]);
  return {
    ...insightsView(listings, id, days, now, [rows, photos, regions]),
    statement: await statementFrom(env, listing, week, [own, peers], now),
    emailOn,
    covers: coverRotationView(coverPhotos, coverCounts),
  };
}
