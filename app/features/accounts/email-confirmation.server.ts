// Confirming a sign-up's e-mail address (docs/decisions/0010-confirmed-signup.md): a one-time link
// (app/platform/data/one-time-links.server.ts) kept in email_confirmations, valid CONFIRM_TOKEN_TTL_MS. An account has at most one usable link: issuing
// one voids the older ones, and at most CONFIRM_MAILS_PER_HOUR are issued an hour, so neither the sign-up
// form nor a refused sign-in can be turned into a mail bomb.
import { cookieIsSecure } from "~/platform/env";
import { and, desc, eq, inArray, isNull, lt, sql } from "drizzle-orm";
import type { SQL } from "drizzle-orm";
import { confirmEmailEmail } from "./auth-emails";
import { AFTER_LOGIN_DEFAULT, safeRedirectTo } from "./auth-redirect";
import { CONFIRM_MAILS_PER_HOUR, CONFIRM_TOKEN_TTL_MS } from "./auth-session";
import { CONFIRMATION_LINK, linksInLastHour } from "./link-kinds.server";
import { newToken } from "~/platform/data/ids";
import { getDb, schema } from "~/platform/data/db.server";
import type { Db, DbEnv } from "~/platform/data/db.server";
import { linkHash, newLink, peekLink, unspentWhere, usableWhere } from "~/platform/data/one-time-links.server";
import { readTokenCookie, serializeTokenCookie, sha256Hex } from "~/platform/http/token-cookie.server";
import type { TokenCookie } from "~/platform/http/token-cookie.server";
import { mailOwner } from "./owner-mail.server";
import type { RequestContext } from "~/platform/request-context";

const u = schema.users;
const ec = schema.emailConfirmations;

// ---------------------------------------------------------------------------------------------------
// The signing-up browser (docs/decisions/0022-confirm-with-a-button.md). A sign-up puts a random value in an
// HttpOnly cookie and stores its SHA-256 with the link; confirming signs in only a browser that brings that
// value back. Anyone else who opens the link (a mail scanner, another device, or someone the link was sent
// to: login CSRF, where a stranger's own sign-up link would sign the victim in to the stranger's account)
// confirms the address and is asked to log in. Lax: the link arrives from a mail client (a cross-site GET,
// which changes nothing), and the POST that confirms comes from our own page. Like the session cookie it is
// __Host- and Secure except in local development, so a sibling subdomain cannot plant one.

const SIGNUP_BROWSER_COOKIE: TokenCookie = { name: "signup", sameSite: "Lax" };
const SIGNUP_BROWSER_MAX_AGE_S = Math.floor(CONFIRM_TOKEN_TTL_MS / 1000);

/** A new value for the signing-up browser: the Set-Cookie that holds it and the hash to store with the link. */
export async function newSignupBrowser(env: Pick<Env, "APP_ENV">): Promise<{ cookie: string; hash: string }> {
  const value = newToken();
  return {
    cookie: serializeTokenCookie(SIGNUP_BROWSER_COOKIE, value, cookieIsSecure(env), SIGNUP_BROWSER_MAX_AGE_S),
    hash: await sha256Hex(value),
  };
}

/** The Set-Cookie that drops the signing-up browser's cookie once its link is used. */
export function clearSignupBrowserCookie(env: Pick<Env, "APP_ENV">): string {
  return serializeTokenCookie(SIGNUP_BROWSER_COOKIE, "", cookieIsSecure(env), 0);
}

/** True when the request comes from the browser whose value's hash is `browserHash` (null: no browser is). */
export async function isSigningUpBrowser(
  request: Request,
  env: Pick<Env, "APP_ENV">,
  browserHash: string | null,
): Promise<boolean> {
  if (!browserHash) return false;
  const value = readTokenCookie(request.headers.get("Cookie"), SIGNUP_BROWSER_COOKIE, cookieIsSecure(env));
  return value !== null && (await sha256Hex(value)) === browserHash;
}

/**
 * Whether the account row in scope (`users`) may be given a new link now: it is unconfirmed and under the
 * hourly cap. Voided links still count: the cap is on mails sent, not on links alive.
 */
export function mayHaveNewLink(db: Db, now: number): SQL {
  const recent = linksInLastHour(db, ec, u.id, now);
  return and(isNull(u.emailConfirmedAt), lt(recent, CONFIRM_MAILS_PER_HOUR))!;
}

/**
 * The statements that give the unconfirmed account `which` selects a new link, for the caller's batch: void
 * its older links, then record the new one (returning its user id when it was recorded). Both carry the same
 * condition, so a confirmed account, an unknown one and one over the hourly cap all change nothing.
 */
export function issueLinkStatements(
  db: Db,
  which: SQL,
  link: { tokenHash: string; redirectTo: string; browserHash: string | null },
  now: number,
) {
  const target = and(which, mayHaveNewLink(db, now));
  return [
    db
      .update(ec)
      .set(CONFIRMATION_LINK.spend(now))
      .where(unspentWhere(CONFIRMATION_LINK, inArray(ec.userId, db.select({ id: u.id }).from(u).where(target)))),
    // Any earlier link means an earlier sign-up (or a sign-in before confirming) with this address: this one
    // then asks for the password before it confirms, so a later stranger's sign-up cannot be confirmed by the
    // address's owner without noticing. Read before this row exists.
    linkInsert(db, target, link, sql<boolean>`exists (select 1 from ${ec} prior where prior.user_id = ${u.id})`, now),
  ] as const;
}

/**
 * Records a link for the account `target` selects (none when it selects none), returning its user id. Keys in
 * the table's column order: drizzle lists the table's columns for the INSERT.
 */
function linkInsert(
  db: Db,
  target: SQL | undefined,
  link: { tokenHash: string; redirectTo: string; browserHash: string | null },
  needsPassword: SQL<boolean>,
  now: number,
) {
  return db
    .insert(ec)
    .select(
      db
        .select({
          tokenHash: sql<string>`${link.tokenHash}`.as("token_hash"),
          userId: u.id,
          // Guarded here too, whoever the caller: the link will send a signed-in browser there.
          redirectTo: sql<string>`${safeRedirectTo(link.redirectTo)}`.as("redirect_to"),
          createdAt: sql<number>`${now}`.as("created_at"),
          expiresAt: sql<number>`${now + CONFIRM_TOKEN_TTL_MS}`.as("expires_at"),
          usedAt: sql<number | null>`null`.as("used_at"),
          needsPassword: needsPassword.as("needs_password"),
          browserHash: sql<string | null>`${link.browserHash}`.as("browser_hash"),
        })
        .from(u)
        .where(target),
    )
    .returning({ userId: ec.userId });
}

/**
 * A fresh link for an unconfirmed account whose owner just gave the right password (the sign-in was told to
 * confirm first; docs/decisions/0026-sign-in-before-confirming.md): mailed after the answer, within the hourly
 * cap. It voids nothing: every usable link belongs to the latest sign-up, whose password was just typed, so
 * the earlier ones stay valid until they expire. It asks for the password exactly when the latest sign-up's
 * link does, and is bound to no browser, so it confirms and asks to log in.
 */
export async function resendConfirmation(
  request: Request,
  cf: RequestContext,
  userId: string,
  redirectTo: string = AFTER_LOGIN_DEFAULT,
  now = Date.now(),
): Promise<void> {
  const db = getDb(cf.env);
  const { token, hash } = await newLink();
  const latest = db
    .select({ needsPassword: ec.needsPassword })
    .from(ec)
    .where(eq(ec.userId, u.id))
    .orderBy(desc(ec.createdAt))
    .limit(1);
  const target = and(eq(u.id, userId), mayHaveNewLink(db, now));
  const link = { tokenHash: hash, redirectTo, browserHash: null };
  const issued = await linkInsert(db, target, link, sql<boolean>`coalesce((${latest}), 0)`, now);
  if (issued[0]) cf.ctx.waitUntil(sendConfirmationEmail(request, cf.env, userId, token));
}

/** The mail with the link; the greeting uses the name typed at the sign-up that asked for it. */
export async function sendConfirmationEmail(request: Request, env: Env, userId: string, token: string) {
  await mailOwner(request, env, userId, (o) => confirmEmailEmail({ ...o, token }));
}

export type ConfirmationLink = { userId: string; email: string; passwordHash: string; needsPassword: boolean };

/** The account behind a usable link (unused, unexpired), without spending it; null for anything else. */
export async function readConfirmationLink(
  env: DbEnv,
  token: string,
  now = Date.now(),
): Promise<ConfirmationLink | null> {
  const db = getDb(env);
  const link = await peekLink(db, CONFIRMATION_LINK, token, {
    now,
    fields: { userId: ec.userId, needsPassword: ec.needsPassword },
  });
  if (!link.ok) return null;
  const [account] = await db
    .select({ email: u.email, passwordHash: u.passwordHash })
    .from(u)
    .where(eq(u.id, link.row.userId))
    .limit(1);
  return account ? { ...link.row, ...account } : null;
}

/** Where a link's sign-up was going, used or not (for the log-in link shown once it is used); null if unknown. */
export async function confirmationRedirectTo(env: DbEnv, token: string): Promise<string | null> {
  const hash = await linkHash(token);
  if (!hash) return null;
  const [row] = await getDb(env).select({ redirectTo: ec.redirectTo }).from(ec).where(eq(ec.tokenHash, hash)).limit(1);
  return row?.redirectTo ?? null;
}

/**
 * Spends the link and confirms its account, in one batch whose statements both require the link to be
 * unused and unexpired at that moment: of two requests with the same link exactly one wins, and a used,
 * expired, unknown or malformed link changes nothing. Answers the account, where the sign-up was going and
 * the hash of the signing-up browser's value (null: the link signs no browser in).
 */
export async function confirmEmail(
  env: DbEnv,
  token: string,
  now = Date.now(),
): Promise<{ userId: string; redirectTo: string; browserHash: string | null } | null> {
  const tokenHash = await linkHash(token);
  if (!tokenHash) return null;
  const db = getDb(env);
  const live = usableWhere(CONFIRMATION_LINK, tokenHash, now);
  const ofThisLink = db.select({ userId: ec.userId }).from(ec).where(live);
  const [, spent] = await db.batch([
    db
      .update(u)
      .set({ emailConfirmedAt: sql`coalesce(${u.emailConfirmedAt}, ${now})`, updatedAt: now })
      .where(inArray(u.id, ofThisLink)),
    // Spends this link and voids any other the account still has: a confirmed address needs none.
    db
      .update(ec)
      .set(CONFIRMATION_LINK.spend(now))
      .where(unspentWhere(CONFIRMATION_LINK, inArray(ec.userId, ofThisLink)))
      .returning({
        tokenHash: ec.tokenHash,
        userId: ec.userId,
        redirectTo: ec.redirectTo,
        browserHash: ec.browserHash,
      }),
  ]);
  const row = spent.find((r) => r.tokenHash === tokenHash);
  return row ? { userId: row.userId, redirectTo: row.redirectTo, browserHash: row.browserHash } : null;
}
