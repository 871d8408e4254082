// The dashboard's frame for the owner's pages beside it (Insights): the same greeting and menu the dashboard
// shows, so every page under /dashboard has the sidebar and a way back (the site header is hidden there).
// Its rows ride in the session lookup's own batch with the page's, as the dashboard's do (decision 0061).
import { sql } from "drizzle-orm";
import type { AppLoadContext } from "@remix-run/cloudflare";
import type { Placeholder, SQL } from "drizzle-orm";
import { withSessionLookup } from "~/features/accounts/auth.server";
import { requireUser } from "~/features/accounts/guards.server";
import type { Range } from "~/features/insights/insights";
import { insightsOwnerSelects, insightsPageFromRows } from "~/features/insights/insights-page.server";
import type { InsightsPageData } from "~/features/insights/insights-page.server";
import { monthKey } from "~/features/insights/stats";
import { safetyStandingQuery, toSafetyStanding } from "~/features/safety-net/access.server";
import { keptSelect, keptStatement } from "~/platform/data/db.server";
import { greeting, menuItems } from "./dashboard";
import type { MenuItem } from "./dashboard";
import { dashboardListingsQueries, toDashboardListings } from "./dashboard.server";

export type DashboardFrame = { greeting: string; menu: MenuItem[] };

/** The frame's selects and the Insights page's owner reads, `owner` the session's subquery or a user id. */
function selectsFor(owner: SQL | Placeholder, key: string) {
  const month = sql.placeholder("month");
  return {
    page: insightsOwnerSelects(owner, key),
    frame: [
      keptSelect(`frame-listings:${key}`, (db) => dashboardListingsQueries(db, owner, month)[0]),
      keptSelect(`frame-images:${key}`, (db) => dashboardListingsQueries(db, owner, month)[1]),
      keptSelect(`frame-safety:${key}`, (db) => safetyStandingQuery(db, owner)),
    ] as const,
  };
}

type Selects = ReturnType<typeof selectsFor>;

function statementsOf(env: Env, { page, frame }: Selects, values: Record<string, unknown>) {
  return [...page, ...frame].map((select) => keptStatement(env.DB, select, values));
}

function frameFrom(
  [listings, images, safety]: Selects["frame"],
  results: D1Result[],
  firstName: string,
  now: number,
): DashboardFrame {
  const owned = toDashboardListings([listings.rows(results[0]), images.rows(results[1])], now);
  const standing = toSafetyStanding(safety.rows(results[2]));
  return { greeting: greeting(owned, firstName), menu: menuItems(owned, standing.access || standing.ownReports) };
}

/**
 * /dashboard/insights for the signed-in owner (requireUser's redirect for anyone else): the owner's rows and the
 * frame's in the session lookup's batch, then the range's batch. Should another loader's lookup already be
 * under way, they are read by the user's id after it, in a batch of their own.
 */
export async function readInsightsWithFrame(
  request: Request,
  context: AppLoadContext,
  wanted: string | null,
  days: Range,
  now: number,
): Promise<InsightsPageData & { frame: DashboardFrame }> {
  const env = context.cloudflare.env;
  const month = monthKey(now);
  const read = await withSessionLookup(request, env, context, async (session) => {
    if (!session) return { rows: null, value: null };
    const selects = selectsFor(session.ownerId, "session");
    const results = await env.DB.batch([
      session.statement,
      ...statementsOf(env, selects, { ...session.values, month }),
    ]);
    return { rows: session.rows(results[0]), value: { selects, results: results.slice(1) } };
  });
  const user = await requireUser(request, context, context);
  let rows = read;
  if (!rows) {
    const selects = selectsFor(sql.placeholder("userId"), "user");
    rows = { selects, results: await env.DB.batch(statementsOf(env, selects, { userId: user.id, month })) };
  }
  const { selects, results } = rows;
  const page = await insightsPageFromRows(env, selects.page, results, wanted, days, now);
  return { ...page, frame: frameFrom(selects.frame, results.slice(2), user.firstName, now) };
}
