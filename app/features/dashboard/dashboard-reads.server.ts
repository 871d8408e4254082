// Everything the dashboard reads of its owner, in one D1 round trip: the listings with this month's counters
// and their photos, the verification notices, the past-due deadlines, the listings' public states, open
// takedown cases, held photos and numbers, one select of the owner's users row (the Safety Net standing, the
// count of new booking requests and the two-factor reminder) and, for an agency, its details and its workers'
// consents (docs/decisions/0058-worker-consent-and-agency-checks.md), read in the session lookup's own batch
// (withSessionLookup) by a subquery on the session, each select built once per isolate (keptSelect). Each read
// is written once, in the module that owns it; this one only gathers them (decision 0061).
import { eq, sql } from "drizzle-orm";
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
import { newRequestCountColumn } from "~/features/bookings/inbox.server";
import { openCasesQuery } from "~/features/takedowns/answer.server";
import type { OpenCaseNotice } from "~/features/takedowns/answer.server";
import { safetyStandingColumns, toSafetyStanding } from "~/features/safety-net/access.server";
import type { SafetyStanding } from "~/features/safety-net/access.server";
import { noticeTimes, toVerificationNotices, verificationNoticesQuery } from "~/features/verification/notices.server";
import type { HeldPhotoView, VerificationNotice } from "~/features/verification/verification";
import { heldNumbersQuery, heldPhotosQuery, toHeldPhotos } from "~/features/verification/held-photos.server";
import { toTwoFactorReminder, twoFactorReminderColumns } from "~/features/accounts/two-factor-reminder.server";
import type { TwoFactorReminder } from "~/features/accounts/two-factor-reminder.server";
import { keptSelect, keptStatement, schema } from "~/platform/data/db.server";
import type { Db } from "~/platform/data/db.server";
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

/**
 * The owner's users row, read once for three things the page shows: the Safety Net standing, the count of new
 * booking requests and the two-factor reminder (each module owns its columns; three statements were one each).
 */
function accountQuery(db: Db, owner: SQL | Placeholder) {
  const u = schema.users;
  const columns = {
    ...safetyStandingColumns(owner),
    ...twoFactorReminderColumns(owner),
    newRequests: newRequestCountColumn(db, owner),
  };
  return db.select(columns).from(u).where(eq(u.id, owner));
}

/** The page's selects with `owner` (the session's subquery, or the user id's placeholder) under `key`. */
function ownerSelects(owner: SQL | Placeholder, key: string) {
  const month = sql.placeholder("month");
  const since = { rejectedAfter: sql.placeholder("rejectedAfter"), approvedAfter: sql.placeholder("approvedAfter") };
  return [
    keptSelect(`dashboard-listings:${key}`, (db) => dashboardListingsQueries(db, owner, month)[0]),
    keptSelect(`dashboard-images:${key}`, (db) => dashboardListingsQueries(db, owner, month)[1]),
    keptSelect(`dashboard-notices:${key}`, (db) => verificationNoticesQuery(db, owner, since)),
    keptSelect(`dashboard-past-due:${key}`, (db) => pastDueQuery(db, owner)),
    keptSelect(`dashboard-public-states:${key}`, (db) => ownPublicStatesQuery(db, owner)),
    keptSelect(`dashboard-held-photos:${key}`, (db) => heldPhotosQuery(db, owner)),
    keptSelect(`dashboard-takedowns:${key}`, (db) => openCasesQuery(db, owner)),
    keptSelect(`dashboard-consents:${key}`, (db) => consentSummariesQuery(db, owner)),
    keptSelect(`dashboard-agency:${key}`, (db) => agencyQuery(db, owner)),
    keptSelect(`dashboard-held-numbers:${key}`, (db) => heldNumbersQuery(db, owner)),
    keptSelect(`dashboard-account:${key}`, (db) => accountQuery(db, owner)),
  ] as const;
}

type Selects = ReturnType<typeof ownerSelects>;

function statements(env: Env, selects: Selects, values: Record<string, unknown>): D1PreparedStatement[] {
  return selects.map((select) => keptStatement(env.DB, select, values));
}

function rowsOf(
  [listings, images, notices, pastDue, publicStates, held, takedowns, consents, agency, heldNumbers, account]: Selects,
  results: D1Result[],
  now: number,
) {
  const [own] = account.rows(results[10]);
  return {
    listings: toDashboardListings([listings.rows(results[0]), images.rows(results[1])], now),
    verificationNotices: toVerificationNotices(notices.rows(results[2])),
    paymentDeadlines: toPastDueDeadlines(pastDue.rows(results[3])),
    publicStates: toOwnPublicStates(publicStates.rows(results[4])),
    heldPhotos: toHeldPhotos(held.rows(results[5])),
    takedowns: takedowns.rows(results[6]),
    consents: toConsentSummaries(consents.rows(results[7])),
    agency: toStoredAgency(agency.rows(results[8])),
    heldNumbers: heldNumbers.rows(results[9]).map((row) => row.listingId),
    safety: toSafetyStanding(own ? [own] : []),
    newRequests: own?.newRequests ?? 0,
    twoFactor: toTwoFactorReminder(own ? [own] : [], now),
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
