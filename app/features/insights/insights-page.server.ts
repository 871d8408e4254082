// Everything /dashboard/insights shows, in two D1 round trips: the owner's listings (with the statement-mail
// opt-in) beside the session lookup itself, then one batch with the chosen listing's range, its weekly
// statement and its cover rotation. Each read is written once, in the module that owns it; this one only
// gathers them, because on Workers every round trip to D1 is paid in the page's time.
import type { AppLoadContext } from "@remix-run/cloudflare";
import { withSessionLookup } from "~/features/accounts/auth.server";
import { requireUser } from "~/features/accounts/guards.server";
import { getDb, keptSelect, keptStatement } from "~/platform/data/db.server";
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

/**
 * The page for the signed-in owner. Their listings are read in the session lookup's own batch, keyed by the
 * session (withSessionLookup), and used only once the lookup has proved it live; should another loader's
 * lookup already be under way, they are read by the user's id after it.
 */
export async function insightsPageFor(
  request: Request,
  context: AppLoadContext,
  wanted: string | null,
  days: Range,
  now: number,
): Promise<InsightsPageData> {
  const env = context.cloudflare.env;
  const read = await withSessionLookup(request, env, context, async (session) => {
    if (!session) return { rows: null, value: null };
    const owned = keptSelect(null, (db) => ownListingsQuery(db, session.userId));
    const email = keptSelect(null, (db) => statementEmailQuery(db, session.userId));
    const results = await env.DB.batch([session.statement, keptStatement(env.DB, owned), keptStatement(env.DB, email)]);
    const value: OwnerRows = [owned.rows(results[1]), email.rows(results[2])];
    return { rows: session.rows(results[0]), value };
  });
  const user = await requireUser(request, context, context);
  return pageFrom(env, read ?? (await ownerRows(env, user.id)), wanted, days, now);
}

/** The page of `userId` (the benchmark and the tests call it with a user they made). */
export async function loadInsightsPage(
  env: DbEnv,
  userId: string,
  wanted: string | null,
  days: Range,
  now: number,
): Promise<InsightsPageData> {
  return pageFrom(env, await ownerRows(env, userId), wanted, days, now);
}

function ownerRows(env: DbEnv, userId: string): Promise<OwnerRows> {
  const db = getDb(env);
  return db.batch([ownListingsQuery(db, userId), statementEmailQuery(db, userId)]);
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
