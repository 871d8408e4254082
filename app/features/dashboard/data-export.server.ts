// 'Download my data': the owner confirms who they are, gets a short-lived, single-use link bound to this
// session, and the link streams one zip (client-zip) of everything app/features/dashboard/data-export.ts lists. Rows are read first
// (they are small: data-export-rows.server.ts); photos are streamed from R2 one at a time as the zip is written,
// so memory stays flat however many photos an agency has.
import { and, eq, gt, lt } from "drizzle-orm";
import { makeZip } from "client-zip";
import { dataExportedEmail } from "~/features/accounts/account-emails";
import type { SessionUser } from "~/core/session-user";
import { listingFolder, photoFileName, plansFile, readMe } from "./data-export-files";
import { openReportsForExport } from "~/features/safety-net/export.server";
import { openBookingsForExport } from "~/features/bookings/export.server";
import type { AccountData } from "./data-export-rows.server";
import { formatNzTime } from "~/platform/time/date-text";
import type { CurrentSession } from "~/features/accounts/auth.server";
import { reauthenticate } from "~/features/accounts/account-changes.server";
import { getDb, schema } from "~/platform/data/db.server";
import { sendEmail, siteName } from "~/platform/email/email.server";
import { requestMeta, recordSecurityEvent, securityEventStatement } from "~/features/accounts/security-log.server";
import { linkHash, spendLink } from "~/platform/data/one-time-links.server";
import type { LinkKind } from "~/platform/data/one-time-links.server";
import { keyedHash, siteSecret } from "~/platform/data/site-secrets.server";
import { siteOrigin } from "~/platform/http/site-origin.server";
import type { RequestContext } from "~/platform/request-context";
import type { DbEnv } from "~/platform/data/db.server";
import { NO_STORE } from "~/platform/http/page-answer";

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
  yield file(
    "plans.json",
    json(
      plansFile(
        data.listings.map((l) => l.row),
        data.billing.subscriptions,
        data.plans,
      ),
    ),
  );
  yield file("payments.json", json(data.billing));
  yield file("verification-requests.json", json(data.verificationRequests));
  // Only an account that has reported something has this file.
  if (data.safetyNet.length > 0)
    yield file("safety-net-reports.json", json(await openReportsForExport(env, data.safetyNet)));
  // Only an account whose listings had requests, or that blocked a number.
  if (data.bookings.requests.length > 0 || data.bookings.blocks.length > 0)
    yield file(
      "booking-requests.json",
      json(await openBookingsForExport(env, { ...data.bookings, userId: String(data.account.id) })),
    );
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
      ...NO_STORE,
    },
  });
}

async function linkMac(env: DbEnv, userId: string, sessionId: string, expires: number) {
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
  env: DbEnv,
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
  env: DbEnv,
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
