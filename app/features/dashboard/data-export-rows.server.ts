// 'Download my data': every row of one account that the archive holds (app/features/dashboard/data-export.ts
// lists the tables and columns), read in one D1 batch so the copy is of one moment.
import { asc, eq, getTableColumns, inArray, sql } from "drizzle-orm";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import { maskedCount, SMALL_COUNT } from "~/features/insights/regions";
import { schema } from "~/platform/data/db.server";
import type { Db } from "~/platform/data/db.server";
import { exportedColumns } from "./data-export";
import type { ExportedTable } from "./data-export";

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
  listing_public_spans: schema.listingPublicSpans,
  subscriptions: schema.subscriptions,
  payments: schema.payments,
  ledger: schema.ledger,
  receipts: schema.receipts,
  unapplied_payments: schema.unappliedPayments,
  safety_reports: schema.safetyReports,
  booking_requests: schema.bookingRequests,
  booking_blocks: schema.bookingBlocks,
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
  /** The account's own Safety Net reports, their texts still sealed (the archive opens them). */
  safetyNet: Rows;
  /** Booking requests to the account's listings and its block list, still sealed (the archive opens them). */
  bookings: { requests: Rows; blocks: Rows };
  listings: {
    row: Record<string, unknown>;
    images: Rows;
    rates: Rows;
    specialRates: Rows;
    tourStops: Rows;
    stats: Rows;
    insights: { months: Rows; daily: Rows; photos: Rows; regions: Rows; publicSpans: Rows };
  }[];
};

const s = schema;

type PerAccount = SQLiteTable & { userId: SQLiteColumn };

/** Every row of a per-account table that is this account's. */
const ofAccount = <T extends PerAccount>(db: Db, table: T, userId: string) =>
  db.select().from(table).where(eq(table.userId, userId));

/**
 * The account itself: its row, sign-in, security log, plans, verification requests, Safety Net reports and
 * booking block list.
 */
function accountQueries(db: Db, userId: string) {
  return [
    db.select().from(s.users).where(eq(s.users.id, userId)),
    ofAccount(db, s.sessions, userId).orderBy(asc(s.sessions.createdAt)),
    ofAccount(db, s.passkeys, userId).orderBy(asc(s.passkeys.createdAt)),
    ofAccount(db, s.totpFactors, userId),
    ofAccount(db, s.recoveryCodes, userId),
    ofAccount(db, s.securityEvents, userId).orderBy(asc(s.securityEvents.createdAt)),
    ofAccount(db, s.planRequests, userId).orderBy(asc(s.planRequests.createdAt)),
    ofAccount(db, s.verificationRequests, userId).orderBy(asc(s.verificationRequests.createdAt)),
    ofAccount(db, s.safetyReports, userId).orderBy(asc(s.safetyReports.createdAt)),
    ofAccount(db, s.bookingBlocks, userId).orderBy(asc(s.bookingBlocks.createdAt)),
  ] as const;
}

/** The account's listings and each one's photos, rates, tour, stats, insights and booking requests. */
function listingQueries(db: Db, userId: string) {
  const own = sql`(select ${s.listings.id} from ${s.listings} where ${s.listings.userId} = ${userId})`;
  /** Every row of a per-listing table that belongs to one of the account's listings. */
  const ofOwn = <T extends SQLiteTable & { listingId: SQLiteColumn }>(table: T) =>
    db.select().from(table).where(inArray(table.listingId, own));
  return [
    ofAccount(db, s.listings, userId).orderBy(asc(s.listings.createdAt)),
    ofOwn(s.listingImages).orderBy(asc(s.listingImages.position)),
    ofOwn(s.listingRates),
    ofOwn(s.listingSpecialRates).orderBy(asc(s.listingSpecialRates.position)),
    ofOwn(s.tourStops).orderBy(asc(s.tourStops.startDate)),
    ofOwn(s.listingStats).orderBy(asc(s.listingStats.month)),
    ofOwn(s.listingDaily).orderBy(asc(s.listingDaily.day)),
    ofOwn(s.listingPhotoDaily).orderBy(asc(s.listingPhotoDaily.day), asc(s.listingPhotoDaily.photo)),
    ofOwn(s.listingRegionDaily).orderBy(asc(s.listingRegionDaily.day), asc(s.listingRegionDaily.region)),
    ofOwn(s.listingMonthlyInsights).orderBy(asc(s.listingMonthlyInsights.month)),
    ofOwn(s.listingPublicSpans).orderBy(asc(s.listingPublicSpans.startedAt)),
    ofOwn(s.bookingRequests).orderBy(asc(s.bookingRequests.createdAt)),
  ] as const;
}

/** Money records outlive a deleted listing (tax records), and stay the owner's. */
function billingQueries(db: Db, userId: string) {
  return [
    ofAccount(db, s.subscriptions, userId),
    ofAccount(db, s.payments, userId).orderBy(asc(s.payments.createdAt)),
    ofAccount(db, s.ledger, userId).orderBy(asc(s.ledger.createdAt)),
    ofAccount(db, s.receipts, userId).orderBy(asc(s.receipts.number)),
    ofAccount(db, s.unappliedPayments, userId).orderBy(asc(s.unappliedPayments.receivedAt)),
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
    safetyReports,
    bookingBlocks,
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
    publicSpans,
    bookingRequests,
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
    safetyNet: safetyReports.map((r) => exportRow("safety_reports", r)),
    bookings: {
      requests: bookingRequests.map((r) => exportRow("booking_requests", r)),
      blocks: bookingBlocks.map((r) => exportRow("booking_blocks", r)),
    },
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
        publicSpans: of(publicSpans, l.id).map((r) => exportRow("listing_public_spans", r)),
      },
    })),
  };
}
