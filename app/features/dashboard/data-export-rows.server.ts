// 'Download my data': every row of one account that the archive holds (app/features/dashboard/data-export.ts
// lists the tables and columns), read in one D1 batch so the copy is of one moment.
import { asc, eq, getTableColumns, inArray, sql } from "drizzle-orm";
import type { SQLiteTable } from "drizzle-orm/sqlite-core";
import { maskedCount, SMALL_COUNT } from "~/features/insights/regions";
import { schema, type Db } from "~/platform/data/db.server";
import { exportedColumns, type ExportedTable } from "./data-export";

const TABLES: Record<ExportedTable, SQLiteTable> = {
  users: schema.users,
  sessions: schema.sessions,
  passkeys: schema.passkeys,
  totp_factors: schema.totpFactors,
  recovery_codes: schema.recoveryCodes,
  security_events: schema.securityEvents,
  plan_requests: schema.planRequests,
  verification_requests: schema.verificationRequests,
  listings: schema.listings,
  listing_images: schema.listingImages,
  listing_rates: schema.listingRates,
  listing_special_rates: schema.listingSpecialRates,
  tour_stops: schema.tourStops,
  listing_stats: schema.listingStats,
  listing_daily: schema.listingDaily,
  listing_photo_daily: schema.listingPhotoDaily,
  listing_region_daily: schema.listingRegionDaily,
  listing_monthly_insights: schema.listingMonthlyInsights,
  subscriptions: schema.subscriptions,
  payments: schema.payments,
  ledger: schema.ledger,
  receipts: schema.receipts,
  unapplied_payments: schema.unappliedPayments,
};

/** A drizzle row under the database's own column names, with only the columns the archive takes. */
function exportRow(name: ExportedTable, row: Record<string, unknown>): Record<string, unknown> {
  const columns = getTableColumns(TABLES[name]);
  const named = Object.fromEntries(Object.entries(row).map(([key, value]) => [columns[key]?.name ?? key, value]));
  return exportedColumns(name, named);
}

/** A region's views as the insights page shows them: the number, or 'fewer than 5' for a small one. */
function shownViews(views: number): number | string {
  return views < SMALL_COUNT ? maskedCount(views) : views;
}

type Rows = Record<string, unknown>[];
export type AccountData = {
  account: Record<string, unknown>;
  sessions: Rows;
  passkeys: Rows;
  twoFactor: Record<string, unknown> | null;
  recoveryCodes: Rows;
  securityLog: Rows;
  plans: Rows;
  verificationRequests: Rows;
  billing: { subscriptions: Rows; payments: Rows; ledger: Rows; receipts: Rows; refunds: Rows };
  listings: {
    row: Record<string, unknown>;
    images: Rows;
    rates: Rows;
    specialRates: Rows;
    tourStops: Rows;
    stats: Rows;
    insights: { months: Rows; daily: Rows; photos: Rows; regions: Rows };
  }[];
};

const s = schema;

/** The account itself: its row, sign-in, security log, plans and verification requests. */
function accountQueries(db: Db, userId: string) {
  return [
    db.select().from(s.users).where(eq(s.users.id, userId)),
    db.select().from(s.sessions).where(eq(s.sessions.userId, userId)).orderBy(asc(s.sessions.createdAt)),
    db.select().from(s.passkeys).where(eq(s.passkeys.userId, userId)).orderBy(asc(s.passkeys.createdAt)),
    db.select().from(s.totpFactors).where(eq(s.totpFactors.userId, userId)),
    db.select().from(s.recoveryCodes).where(eq(s.recoveryCodes.userId, userId)),
    db
      .select()
      .from(s.securityEvents)
      .where(eq(s.securityEvents.userId, userId))
      .orderBy(asc(s.securityEvents.createdAt)),
    db.select().from(s.planRequests).where(eq(s.planRequests.userId, userId)).orderBy(asc(s.planRequests.createdAt)),
    db
      .select()
      .from(s.verificationRequests)
      .where(eq(s.verificationRequests.userId, userId))
      .orderBy(asc(s.verificationRequests.createdAt)),
  ] as const;
}

/** The account's listings and each one's photos, rates, tour, stats and insights. */
function listingQueries(db: Db, userId: string) {
  const own = sql`(select ${s.listings.id} from ${s.listings} where ${s.listings.userId} = ${userId})`;
  return [
    db.select().from(s.listings).where(eq(s.listings.userId, userId)).orderBy(asc(s.listings.createdAt)),
    db
      .select()
      .from(s.listingImages)
      .where(inArray(s.listingImages.listingId, own))
      .orderBy(asc(s.listingImages.position)),
    db.select().from(s.listingRates).where(inArray(s.listingRates.listingId, own)),
    db
      .select()
      .from(s.listingSpecialRates)
      .where(inArray(s.listingSpecialRates.listingId, own))
      .orderBy(asc(s.listingSpecialRates.position)),
    db.select().from(s.tourStops).where(inArray(s.tourStops.listingId, own)).orderBy(asc(s.tourStops.startDate)),
    db.select().from(s.listingStats).where(inArray(s.listingStats.listingId, own)).orderBy(asc(s.listingStats.month)),
    db.select().from(s.listingDaily).where(inArray(s.listingDaily.listingId, own)).orderBy(asc(s.listingDaily.day)),
    db
      .select()
      .from(s.listingPhotoDaily)
      .where(inArray(s.listingPhotoDaily.listingId, own))
      .orderBy(asc(s.listingPhotoDaily.day), asc(s.listingPhotoDaily.photo)),
    db
      .select()
      .from(s.listingRegionDaily)
      .where(inArray(s.listingRegionDaily.listingId, own))
      .orderBy(asc(s.listingRegionDaily.day), asc(s.listingRegionDaily.region)),
    db
      .select()
      .from(s.listingMonthlyInsights)
      .where(inArray(s.listingMonthlyInsights.listingId, own))
      .orderBy(asc(s.listingMonthlyInsights.month)),
  ] as const;
}

/** Money records outlive a deleted listing (tax records), and stay the owner's. */
function billingQueries(db: Db, userId: string) {
  return [
    db.select().from(s.subscriptions).where(eq(s.subscriptions.userId, userId)),
    db.select().from(s.payments).where(eq(s.payments.userId, userId)).orderBy(asc(s.payments.createdAt)),
    db.select().from(s.ledger).where(eq(s.ledger.userId, userId)).orderBy(asc(s.ledger.createdAt)),
    db.select().from(s.receipts).where(eq(s.receipts.userId, userId)).orderBy(asc(s.receipts.number)),
    db
      .select()
      .from(s.unappliedPayments)
      .where(eq(s.unappliedPayments.userId, userId))
      .orderBy(asc(s.unappliedPayments.receivedAt)),
  ] as const;
}

/** Every exported row of one account, read in one D1 batch. */
export async function readAccountData(db: Db, userId: string): Promise<AccountData | null> {
  const [
    users,
    sessions,
    passkeys,
    totp,
    codes,
    events,
    plans,
    requests,
    listings,
    images,
    rates,
    specials,
    tours,
    stats,
    daily,
    photoDaily,
    regionDaily,
    months,
    subscriptions,
    payments,
    ledger,
    receipts,
    refunds,
  ] = await db.batch([...accountQueries(db, userId), ...listingQueries(db, userId), ...billingQueries(db, userId)]);
  if (!users[0]) return null;
  const of = <T extends { listingId: string }>(rows: T[], id: string) => rows.filter((r) => r.listingId === id);
  return {
    account: exportRow("users", users[0]),
    sessions: sessions.map((r) => exportRow("sessions", r)),
    passkeys: passkeys.map((r) => exportRow("passkeys", r)),
    twoFactor: totp[0] ? exportRow("totp_factors", totp[0]) : null,
    recoveryCodes: codes.map((r) => exportRow("recovery_codes", r)),
    securityLog: events.map((r) => exportRow("security_events", r)),
    plans: plans.map((r) => exportRow("plan_requests", r)),
    verificationRequests: requests.map((r) => exportRow("verification_requests", r)),
    billing: {
      subscriptions: subscriptions.map((r) => exportRow("subscriptions", r)),
      payments: payments.map((r) => exportRow("payments", r)),
      ledger: ledger.map((r) => exportRow("ledger", r)),
      receipts: receipts.map((r) => exportRow("receipts", r)),
      // Money that bought nothing, and its refund (payments/unapplied.server.ts).
      refunds: refunds.map((r) => exportRow("unapplied_payments", r)),
    },
    listings: listings.map((l) => ({
      row: exportRow("listings", l),
      images: of(images, l.id).map((r) => exportRow("listing_images", r)),
      rates: of(rates, l.id).map((r) => exportRow("listing_rates", r)),
      specialRates: of(specials, l.id).map((r) => exportRow("listing_special_rates", r)),
      tourStops: of(tours, l.id).map((r) => exportRow("tour_stops", r)),
      stats: of(stats, l.id).map((r) => exportRow("listing_stats", r)),
      insights: {
        months: of(months, l.id).map((r) => exportRow("listing_monthly_insights", r)),
        daily: of(daily, l.id).map((r) => exportRow("listing_daily", r)),
        photos: of(photoDaily, l.id).map((r) => exportRow("listing_photo_daily", r)),
        regions: of(regionDaily, l.id).map((r) =>
          exportRow("listing_region_daily", { ...r, views: shownViews(r.views) }),
        ),
      },
    })),
  };
}
