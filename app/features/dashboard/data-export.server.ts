// 'Download my data': the owner confirms who they are, gets a short-lived, single-use link bound to this
// session, and the link streams one zip (client-zip) of everything app/features/dashboard/data-export.ts lists. Rows are read first
// (they are small); photos are streamed from R2 one at a time as the zip is written, so memory stays flat
// however many photos an agency has.
import { maskedCount, SMALL_COUNT } from "~/features/insights/regions";
import { and, asc, eq, getTableColumns, gt, inArray, lt, sql } from "drizzle-orm";
import type { SQLiteTable } from "drizzle-orm/sqlite-core";
import { makeZip } from "client-zip";
import { dataExportedEmail } from "~/features/accounts/account-emails";
import type { SessionUser } from "~/features/accounts/auth-user";
import { listingFolder, photoFileName, readMe, exportedColumns, type ExportedTable } from "./data-export";
import { formatNzTime } from "~/platform/time/date-text";
import type { CurrentSession } from "~/features/accounts/auth.server";
import { reauthenticate } from "~/features/accounts/account-changes.server";
import { getDb, schema, type Db } from "~/platform/data/db.server";
import { sendEmail, siteName } from "~/platform/email/email.server";
import { requestMeta, recordSecurityEvent, securityEventStatement } from "~/features/accounts/security-log.server";
import { linkHash, spendLink, type LinkKind } from "~/platform/data/one-time-links.server";
import { keyedHash, siteSecret } from "~/platform/data/site-secrets.server";
import { siteOrigin } from "~/platform/http/site-origin.server";
import type { RequestContext } from "~/platform/request-context";

/** How long the download link works: long enough to start it, too short to be worth stealing. */
export const EXPORT_LINK_TTL_MS = 2 * 60_000;
export const ARCHIVE_PATH = "/account/your-data/archive";

const links = schema.dataExportLinks;

/**
 * The download link as a one-time link (app/platform/data/one-time-links.server.ts). Its token is an HMAC of
 * the account, the session and the expiry (so it works in that session only, checked before it is spent);
 * its hash is the row's id.
 */
export const EXPORT_LINK: LinkKind<typeof links> = {
  table: links,
  hash: links.id,
  usedAt: links.usedAt,
  fresh: (now) => gt(links.expiresAt, now),
  spend: (now) => ({ usedAt: now }),
};

/** Why a download link gives no archive; the route adds where to ask for a new one. */
export const EXPORT_LINK_MSG = {
  invalid: "This download link has expired or was made for another session.",
  used: "This download link has already been used: each link downloads your data once.",
} as const;

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

/** Every exported row of one account, read in one D1 batch. */
export async function readAccountData(db: Db, userId: string): Promise<AccountData | null> {
  const s = schema;
  const own = sql`(select ${s.listings.id} from ${s.listings} where ${s.listings.userId} = ${userId})`;
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
  ] = await db.batch([
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
    db.select().from(s.subscriptions).where(eq(s.subscriptions.userId, userId)),
    // Money records outlive a deleted listing (tax records), and stay the owner's.
    db.select().from(s.payments).where(eq(s.payments.userId, userId)).orderBy(asc(s.payments.createdAt)),
    db.select().from(s.ledger).where(eq(s.ledger.userId, userId)).orderBy(asc(s.ledger.createdAt)),
    db.select().from(s.receipts).where(eq(s.receipts.userId, userId)).orderBy(asc(s.receipts.number)),
    db
      .select()
      .from(s.unappliedPayments)
      .where(eq(s.unappliedPayments.userId, userId))
      .orderBy(asc(s.unappliedPayments.receivedAt)),
  ]);
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

const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

type ZipEntry = { name: string; input: string | ReadableStream<Uint8Array>; lastModified: Date };

/** The archive's files in order; a photo's bytes are fetched from R2 only when the zip reaches it. */
async function* archiveEntries(env: Pick<Env, "PHOTOS">, data: AccountData, o: { siteName: string; now: number }) {
  const at = new Date(o.now);
  const file = (name: string, input: ZipEntry["input"]): ZipEntry => ({ name, input, lastModified: at });
  yield file(
    "README.txt",
    readMe({
      siteName: o.siteName,
      email: String(data.account.email),
      createdAt: formatNzTime(o.now),
      listings: data.listings.length,
    }),
  );
  yield file(
    "account.json",
    json({
      account: data.account,
      sessions: data.sessions,
      passkeys: data.passkeys,
      twoFactor: data.twoFactor,
      recoveryCodes: { total: data.recoveryCodes.length, unused: data.recoveryCodes.filter((c) => !c.used_at).length },
    }),
  );
  yield file("security-log.json", json(data.securityLog));
  yield file("plans.json", json(data.plans));
  yield file("payments.json", json(data.billing));
  yield file("verification-requests.json", json(data.verificationRequests));
  for (const [i, listing] of data.listings.entries()) {
    const folder = listingFolder(i, String(listing.row.first_name ?? ""));
    const { row, images, rates, specialRates, tourStops } = listing;
    yield file(`${folder}/listing.json`, json({ ...row, images, rates, specialRates, tourStops }));
    yield file(`${folder}/stats.json`, json(listing.stats));
    yield file(`${folder}/insights.json`, json(listing.insights));
    const missing: string[] = [];
    for (const [n, image] of images.entries()) {
      const name = `${folder}/${photoFileName(n, String(image.r2_key))}`;
      // A photo whose file is gone (a delete in flight) or that R2 cannot give now is listed, not fatal:
      // a zip cut off half-way would look complete to its owner.
      const object = await env.PHOTOS.get(String(image.r2_key)).catch(() => null);
      if (object) yield file(name, object.body);
      else missing.push(name);
    }
    if (missing.length)
      yield file(
        `${folder}/missing-photos.txt`,
        `These photos could not be read when the archive was made; download it again later:\n${missing.join("\n")}\n`,
      );
  }
}

/** The zip as a streamed download. */
export function archiveResponse(env: Pick<Env, "PHOTOS" | "SITE_NAME">, data: AccountData, now: number): Response {
  const stream = makeZip(archiveEntries(env, data, { siteName: siteName(env), now }));
  const day = new Date(now).toISOString().slice(0, 10);
  return new Response(stream, {
    headers: {
      "Content-Type": "application/zip",
      "Content-Disposition": `attachment; filename="my-data-${day}.zip"`,
      "Cache-Control": "no-store",
    },
  });
}

async function linkMac(env: Pick<Env, "DB">, userId: string, sessionId: string, expires: number) {
  return keyedHash(await siteSecret(env, "data-export-link"), `${userId}\n${sessionId}\n${expires}`);
}

export type ExportRefusal = { ok: false; status: number; field?: string; error: string };

/**
 * The 'Download my data' form: confirms the owner (password, or a fresh second factor), records it in the
 * security log, tells the owner by e-mail, and answers with the download link for this session.
 */
export async function startDataExport(
  request: Request,
  cf: RequestContext,
  user: Pick<SessionUser, "id" | "email" | "firstName">,
  session: CurrentSession,
  password: unknown,
  now = Date.now(),
): Promise<{ ok: true; href: string } | ExportRefusal> {
  const identity = await reauthenticate(request, cf, user, session, password);
  if (!identity.ok) return identity;
  const { env } = cf;
  await recordSecurityEvent(
    securityEventStatement(getDb(env), user.id, "data_exported", requestMeta(request, cf.cf), now),
  );
  cf.ctx.waitUntil(
    sendEmail(env, {
      to: user.email,
      ...dataExportedEmail({ origin: siteOrigin(env, request), firstName: user.firstName, siteName: siteName(env) }),
    }),
  );
  const expires = now + EXPORT_LINK_TTL_MS;
  const mac = await linkMac(env, user.id, session.id, expires);
  // Remembered so that it works once (claimExportLink); this account's links that have run out go.
  const db = getDb(env);
  await db.batch([
    db.delete(links).where(and(eq(links.userId, user.id), lt(links.expiresAt, now))),
    db
      .insert(links)
      .values({ id: (await linkHash(mac))!, userId: user.id, createdAt: now, expiresAt: expires })
      .onConflictDoNothing(),
  ]);
  return { ok: true, href: `${ARCHIVE_PATH}?${new URLSearchParams({ e: String(expires), t: mac })}` };
}

/** Whether a download link was made for this session and is still fresh. */
export async function exportLinkValid(
  env: Pick<Env, "DB">,
  userId: string,
  sessionId: string,
  params: URLSearchParams,
  now = Date.now(),
): Promise<boolean> {
  const expires = Number(params.get("e"));
  const mac = params.get("t") ?? "";
  if (!Number.isSafeInteger(expires) || expires <= now || expires > now + EXPORT_LINK_TTL_MS) return false;
  if (mac.length !== 43) return false;
  const expected = await linkMac(env, userId, sessionId, expires);
  // Both are base64url HMACs of the same length; compare without an early exit.
  let diff = 0;
  for (let i = 0; i < expected.length; i++) diff |= expected.charCodeAt(i) ^ mac.charCodeAt(i);
  return diff === 0;
}

/**
 * Marks a link exportLinkValid accepted as used, if nothing used it first: "claimed" for the one download that
 * may stream the archive, "used" for any other, "unknown" for a link never made (or long gone). One
 * conditional UPDATE, so two downloads racing with the same link cannot both be "claimed" (D1 runs each
 * statement atomically; there are no interactive transactions to lock with).
 */
export async function claimExportLink(
  env: Pick<Env, "DB">,
  userId: string,
  params: URLSearchParams,
  now = Date.now(),
): Promise<"claimed" | "used" | "unknown"> {
  const claim = await spendLink(getDb(env), EXPORT_LINK, params.get("t"), {
    now,
    fields: { id: links.id },
    where: eq(links.userId, userId),
  });
  if (claim.ok) return "claimed";
  return claim.why === "used" ? "used" : "unknown";
}
