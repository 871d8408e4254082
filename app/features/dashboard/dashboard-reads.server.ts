// Everything the dashboard reads of its owner, in one D1 round trip: the listings with this month's counters
// and their photos, the verification notices, the past-due deadlines, the Safety Net standing, the listings'
// public states, the count of new booking requests, open takedown cases, the two-factor reminder and, for an agency, its details and its
// workers' consents (docs/decisions/0058-worker-consent-and-agency-checks.md), read in the session lookup's own batch
// (withSessionLookup) by a subquery on the session, each select built once per isolate (keptSelect). Each read
// is written once, in the module that owns it; this one only gathers them (decision 0061).
import { sql } from "drizzle-orm";
import type { AppLoadContext } from "@remix-run/cloudflare";
import type { Placeholder, SQL } from "drizzle-orm";
import { withSessionLookup } from "~/features/accounts/auth.server";
import type { SessionUser } from "~/features/accounts/auth.server";
import { requireUser } from "~/features/accounts/guards.server";
import {
  ownPublicStatesQuery,
  pastDueQuery,
  toOwnPublicStates,
  toPastDueDeadlines,
} from "~/features/billing/billing.server";
import type { PublicStatus } from "~/features/billing/public-status";
import { agencyQuery, toStoredAgency } from "~/features/agencies/agency.server";
import type { StoredAgency } from "~/features/agencies/agency.server";
import { consentSummariesQuery, toConsentSummaries } from "~/features/listings/consent.server";
import type { ConsentSummary } from "~/features/listings/consent.server";
import { newRequestCountQuery, toNewRequestCount } from "~/features/bookings/inbox.server";
import { openCasesQuery } from "~/features/takedowns/answer.server";
import type { OpenCaseNotice } from "~/features/takedowns/answer.server";
import { safetyStandingQuery, toSafetyStanding } from "~/features/safety-net/access.server";
import type { SafetyStanding } from "~/features/safety-net/access.server";
import { noticeTimes, toVerificationNotices, verificationNoticesQuery } from "~/features/verification/notices.server";
import type { HeldPhotoView, VerificationNotice } from "~/features/verification/verification";
import { heldNumbersQuery, heldPhotosQuery, toHeldPhotos } from "~/features/verification/held-photos.server";
import { toTwoFactorReminder, twoFactorReminderQuery } from "~/features/accounts/two-factor-reminder.server";
import type { TwoFactorReminder } from "~/features/accounts/two-factor-reminder.server";
import { keptSelect, keptStatement } from "~/platform/data/db.server";
import type { DashboardListing } from "./dashboard";
import { dashboardListingsQueries, toDashboardListings } from "./dashboard.server";
import { monthKey } from "~/features/insights/stats";

export type DashboardRows = {
  user: SessionUser;
  listings: DashboardListing[];
  verificationNotices: VerificationNotice[];
  paymentDeadlines: Record<string, string>;
  safety: SafetyStanding;
  publicStates: Record<string, PublicStatus>;
  newRequests: number;
  /** Photos held for review, by listing id (decision 0057). */
  heldPhotos: Record<string, HeldPhotoView[]>;
  /** Listings whose new contact number is held for review (decision 0062). */
  heldNumbers: string[];
  takedowns: OpenCaseNotice[];
  /** An agency's workers' consents by listing, and its own details (both empty for anyone else). */
  consents: Record<string, Omit<ConsentSummary, "listingId">>;
  agency: StoredAgency | null;
  /** The reminder until two-factor sign-in is on (docs/decisions/0056-two-factor-offered-at-the-start.md). */
  twoFactor: TwoFactorReminder;
};

/** The page's selects with `owner` (the session's subquery, or the user id's placeholder) under `key`. */
function ownerSelects(owner: SQL | Placeholder, key: string) {
  const month = sql.placeholder("month");
  const since = { rejectedAfter: sql.placeholder("rejectedAfter"), approvedAfter: sql.placeholder("approvedAfter") };
  return [
    keptSelect(`dashboard-listings:${key}`, (db) => dashboardListingsQueries(db, owner, month)[0]),
    keptSelect(`dashboard-images:${key}`, (db) => dashboardListingsQueries(db, owner, month)[1]),
    keptSelect(`dashboard-notices:${key}`, (db) => verificationNoticesQuery(db, owner, since)),
    keptSelect(`dashboard-past-due:${key}`, (db) => pastDueQuery(db, owner)),
    keptSelect(`dashboard-safety:${key}`, (db) => safetyStandingQuery(db, owner)),
    keptSelect(`dashboard-public-states:${key}`, (db) => ownPublicStatesQuery(db, owner)),
    keptSelect(`dashboard-new-requests:${key}`, (db) => newRequestCountQuery(db, owner)),
    keptSelect(`dashboard-held-photos:${key}`, (db) => heldPhotosQuery(db, owner)),
    keptSelect(`dashboard-takedowns:${key}`, (db) => openCasesQuery(db, owner)),
    keptSelect(`dashboard-consents:${key}`, (db) => consentSummariesQuery(db, owner)),
    keptSelect(`dashboard-agency:${key}`, (db) => agencyQuery(db, owner)),
    keptSelect(`dashboard-held-numbers:${key}`, (db) => heldNumbersQuery(db, owner)),
    keptSelect(`dashboard-two-factor:${key}`, (db) => twoFactorReminderQuery(db, owner)),
  ] as const;
}

type Selects = ReturnType<typeof ownerSelects>;

function statements(env: Env, selects: Selects, values: Record<string, unknown>): D1PreparedStatement[] {
  return selects.map((select) => keptStatement(env.DB, select, values));
}

function rowsOf(
  [
    listings,
    images,
    notices,
    pastDue,
    safety,
    publicStates,
    newRequests,
    held,
    takedowns,
    consents,
    agency,
    heldNumbers,
    twoFactor,
  ]: Selects,
  results: D1Result[],
  now: number,
) {
  return {
    listings: toDashboardListings([listings.rows(results[0]), images.rows(results[1])], now),
    verificationNotices: toVerificationNotices(notices.rows(results[2])),
    paymentDeadlines: toPastDueDeadlines(pastDue.rows(results[3])),
    safety: toSafetyStanding(safety.rows(results[4])),
    publicStates: toOwnPublicStates(publicStates.rows(results[5])),
    newRequests: toNewRequestCount(newRequests.rows(results[6])),
    heldPhotos: toHeldPhotos(held.rows(results[7])),
    takedowns: takedowns.rows(results[8]),
    consents: toConsentSummaries(consents.rows(results[9])),
    agency: toStoredAgency(agency.rows(results[10])),
    heldNumbers: heldNumbers.rows(results[11]).map((row) => row.listingId),
    twoFactor: toTwoFactorReminder(twoFactor.rows(results[12]), now),
  };
}

/**
 * The signed-in owner's rows (requireUser's redirect for anyone else). They are used only once the lookup has
 * proved the session live; should another loader's lookup already be under way, they are read by the user's
 * id after it, in a batch of their own.
 */
export async function readDashboard(request: Request, context: AppLoadContext, now: number): Promise<DashboardRows> {
  const env = context.cloudflare.env;
  const times = { month: monthKey(now), ...noticeTimes(now) };
  const read = await withSessionLookup(request, env, context, async (session) => {
    if (!session) return { rows: null, value: null };
    const selects = ownerSelects(session.ownerId, "session");
    const results = await env.DB.batch([
      session.statement,
      ...statements(env, selects, { ...session.values, ...times }),
    ]);
    return { rows: session.rows(results[0]), value: rowsOf(selects, results.slice(1), now) };
  });
  const user = await requireUser(request, context);
  if (read) return { user, ...read };
  const selects = ownerSelects(sql.placeholder("userId"), "user");
  const results = await env.DB.batch(statements(env, selects, { userId: user.id, ...times }));
  return { user, ...rowsOf(selects, results, now) };
}
