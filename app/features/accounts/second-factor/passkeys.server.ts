// Passkeys (WebAuthn) as a second way in: registering one on /managesub, signing in with one on /login, and
// removing one. @simplewebauthn/server does the protocol; this keeps the state: the public keys, and one
// single-use challenge per browser (found through an HttpOnly cookie holding a random id, stored hashed).
// The relying party is the site's own origin (site-origin.server.ts): SITE_ORIGIN in production, the
// address it was opened at only for local development on a loopback host.
import { data, redirect } from "@remix-run/cloudflare";
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticatorTransport,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
} from "@simplewebauthn/server";
import { isoBase64URL } from "@simplewebauthn/server/helpers";
import { and, count, eq, lt } from "drizzle-orm";
import { landingAfterLogin } from "~/features/accounts/auth-redirect";
import { MSG } from "~/features/accounts/auth-schemas";
import { ADMIN_ACCOUNT_TYPE } from "~/features/accounts/auth-user";
import type { SessionUser } from "~/features/accounts/auth-user";
import { newToken } from "~/platform/data/ids";
import { formatNzTime } from "~/platform/time/date-text";
import { passkeyAddedEmail, passkeyRemovedEmail } from "./passkey-emails";
import { registerBodySchema, signInBodySchema } from "./passkey-schemas";
import {
  CHALLENGE_TTL_MS,
  MAX_PASSKEYS,
  OPTIONS_TIMEOUT_MS,
  PASSKEY_MSG,
  passkeyName,
  transportList,
  type PasskeySectionData,
  type PasskeyView,
} from "./passkeys";
import { createSession, getCurrentSession, type CurrentSession } from "../auth.server";
import { cookieIsSecure } from "~/platform/env";
import { getDb, schema, type Db } from "~/platform/data/db.server";
import { sendEmail } from "~/platform/email/email.server";
import { setFlash } from "~/features/site/flash.server";
import { reauthenticate } from "../account-changes.server";
import { CURRENT_PASSWORD_FIELD, hasFreshSecondFactor, type Reauth } from "../reauth.server";
import { recordSecurityEvent, requestMeta, securityEventStatement } from "../security-log.server";
import {
  readTokenCookie,
  serializeTokenCookie,
  sha256Hex,
  type TokenCookie,
} from "~/platform/http/token-cookie.server";
import { siteOrigin } from "~/platform/http/site-origin.server";
import type { RequestContext } from "~/platform/request-context";

const pk = schema.passkeys;
const pc = schema.passkeyChallenges;

// Ed25519, ES256 and RS256: what every passkey provider offers and workerd's WebCrypto verifies. The
// library's default would add ML-DSA where the runtime seems to support it; we keep the list fixed.
const ALGORITHMS = [-8, -7, -257];

/** A refused passkey step: the status and the message to show. Nothing was changed. */
export class PasskeyError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = "PasskeyError";
  }
}

function siteName(env: Env): string {
  return env.SITE_NAME || "Kiwi Companions";
}

/** The origin the browser must report and the RP ID the passkeys are bound to (its host name). */
export function relyingParty(env: Env, request: Request): { origin: string; rpID: string } {
  const origin = siteOrigin(env, request);
  return { origin, rpID: new URL(origin).hostname };
}

// ---------------------------------------------------------------------------------------------------
// The challenge cookie: like the session cookie, __Host- except on plain-http local development. Strict:
// only our own pages' fetches ever need it.

const CHALLENGE_COOKIE: TokenCookie = { name: "passkey", sameSite: "Strict" };

function challengeCookie(value: string, secure: boolean, maxAgeSeconds: number): string {
  return serializeTokenCookie(CHALLENGE_COOKIE, value, secure, maxAgeSeconds);
}

/** The Set-Cookie value that drops the challenge cookie once its challenge is spent. */
export function clearChallengeCookie(env: Pick<Env, "APP_ENV">): string {
  return challengeCookie("", cookieIsSecure(env), 0);
}

function readChallengeToken(request: Request, secure: boolean): string | null {
  return readTokenCookie(request.headers.get("Cookie"), CHALLENGE_COOKIE, secure);
}

type ChallengeRow = typeof pc.$inferSelect;

/**
 * Stores a new challenge for this browser and answers the Set-Cookie that names it. The browser's previous
 * challenge goes (one outstanding per browser), and so does every expired one (housekeeping, no cron).
 */
async function issueChallenge(
  request: Request,
  env: Env,
  row: Omit<ChallengeRow, "id" | "expiresAt">,
  now: number,
): Promise<string> {
  const secure = cookieIsSecure(env);
  const token = newToken();
  const previous = readChallengeToken(request, secure);
  const db = getDb(env);
  const writes = [
    db.delete(pc).where(lt(pc.expiresAt, now)),
    db.insert(pc).values({ ...row, id: await sha256Hex(token), expiresAt: now + CHALLENGE_TTL_MS }),
  ] as const;
  if (previous) await db.batch([db.delete(pc).where(eq(pc.id, await sha256Hex(previous))), ...writes]);
  else await db.batch(writes);
  return challengeCookie(token, secure, Math.floor(CHALLENGE_TTL_MS / 1000));
}

/**
 * Spends the browser's challenge: deleted in the same statement that reads it, so it can be answered once
 * whatever happens next. Null when there is none, it has expired, or it was issued for the other purpose.
 */
async function takeChallenge(
  request: Request,
  env: Env,
  purpose: ChallengeRow["purpose"],
  now: number,
): Promise<ChallengeRow | null> {
  const token = readChallengeToken(request, cookieIsSecure(env));
  if (!token) return null;
  const [row] = await getDb(env)
    .delete(pc)
    .where(eq(pc.id, await sha256Hex(token)))
    .returning();
  if (!row || row.purpose !== purpose || row.expiresAt <= now) return null;
  return row;
}

// ---------------------------------------------------------------------------------------------------
// Reading

/** How many passkeys the user has: the second factors the account can use include them. */
export async function countPasskeys(env: Pick<Env, "DB">, userId: string): Promise<number> {
  const [row] = await getDb(env).select({ n: count() }).from(pk).where(eq(pk.userId, userId));
  return row?.n ?? 0;
}

/** The owner's passkeys for /managesub, oldest first. */
export async function listPasskeys(env: Pick<Env, "DB">, userId: string): Promise<PasskeyView[]> {
  const rows = await getDb(env)
    .select({ id: pk.id, name: pk.name, createdAt: pk.createdAt, lastUsedAt: pk.lastUsedAt })
    .from(pk)
    .where(eq(pk.userId, userId))
    .orderBy(pk.createdAt, pk.id);
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    added: formatNzTime(r.createdAt),
    addedAt: new Date(r.createdAt).toISOString(),
    lastUsed: r.lastUsedAt == null ? null : formatNzTime(r.lastUsedAt),
  }));
}

/** What /managesub's Passkeys section shows: the list, whether a change needs the password, a name to offer. */
export async function loadPasskeySection(request: Request, env: Env, userId: string): Promise<PasskeySectionData> {
  const [passkeys, current] = await Promise.all([listPasskeys(env, userId), getCurrentSession(request, env)]);
  return {
    passkeys,
    needsPassword: !current || !hasFreshSecondFactor(current.session),
    defaultName: requestMeta(request, null).device || "Passkey",
  };
}

// ---------------------------------------------------------------------------------------------------
// Registering (signed in; the caller has confirmed the owner with confirmIdentity first)

export async function registrationOptions(
  request: Request,
  env: Env,
  user: Pick<SessionUser, "id" | "email" | "firstName">,
  now = Date.now(),
): Promise<{ options: PublicKeyCredentialCreationOptionsJSON; cookie: string }> {
  const { rpID } = relyingParty(env, request);
  const existing = await getDb(env)
    .select({ id: pk.id, transports: pk.transports, userHandle: pk.userHandle })
    .from(pk)
    .where(eq(pk.userId, user.id));
  if (existing.length >= MAX_PASSKEYS) throw new PasskeyError(409, PASSKEY_MSG.tooMany);
  // One random handle per account, the same on every passkey: a device then keeps one entry per account.
  const userHandle = existing[0]?.userHandle ?? isoBase64URL.fromBuffer(crypto.getRandomValues(new Uint8Array(32)));
  const options = await generateRegistrationOptions({
    rpName: siteName(env),
    rpID,
    userName: user.email,
    userDisplayName: user.firstName,
    userID: isoBase64URL.toBuffer(userHandle),
    timeout: OPTIONS_TIMEOUT_MS,
    attestationType: "none",
    // The device says so if it already holds one of these, instead of silently replacing it.
    excludeCredentials: existing.map((c) => ({
      id: c.id,
      transports: transportList(c.transports) as AuthenticatorTransport[],
    })),
    // Discoverable (sign-in without typing an address) and always with the device's own user check.
    authenticatorSelection: { residentKey: "required", requireResidentKey: true, userVerification: "required" },
    supportedAlgorithmIDs: ALGORITHMS,
  });
  const cookie = await issueChallenge(
    request,
    env,
    { purpose: "register", challenge: options.challenge, userId: user.id, userHandle },
    now,
  );
  return { options, cookie };
}

/** Verifies the browser's answer to the registration options and stores the passkey. Throws PasskeyError. */
export async function verifyRegistration(
  request: Request,
  cf: RequestContext,
  user: Pick<SessionUser, "id" | "email" | "firstName">,
  input: unknown,
  now = Date.now(),
): Promise<PasskeyView> {
  const env = cf.env;
  const parsed = registerBodySchema.safeParse(input);
  if (!parsed.success) throw new PasskeyError(400, PASSKEY_MSG.malformed);
  const meta = requestMeta(request, cf.cf);
  const named = passkeyName(parsed.data.name, meta.device);
  if (!named.ok) throw new PasskeyError(400, PASSKEY_MSG.nameInvalid);
  const challenge = await takeChallenge(request, env, "register", now);
  if (!challenge || challenge.userId !== user.id || !challenge.userHandle) {
    throw new PasskeyError(400, PASSKEY_MSG.challengeExpired);
  }
  const { origin, rpID } = relyingParty(env, request);
  let info;
  try {
    const result = await verifyRegistrationResponse({
      response: parsed.data.response as Parameters<typeof verifyRegistrationResponse>[0]["response"],
      expectedChallenge: challenge.challenge,
      expectedOrigin: origin,
      expectedRPID: rpID,
      requireUserVerification: true,
      supportedAlgorithmIDs: ALGORITHMS,
    });
    if (!result.verified) throw new Error("not verified");
    info = result.registrationInfo;
  } catch {
    throw new PasskeyError(400, PASSKEY_MSG.notVerified);
  }
  // A browser that reports the key is not discoverable broke our requirement: it could not sign in alone.
  const credProps = parsed.data.response.clientExtensionResults.credProps as { rk?: unknown } | undefined;
  if (credProps?.rk === false) throw new PasskeyError(400, PASSKEY_MSG.notVerified);

  const db = getDb(env);
  const { credential } = info;
  const inserted = await db
    .insert(pk)
    .values({
      id: credential.id,
      userId: user.id,
      userHandle: challenge.userHandle,
      publicKey: isoBase64URL.fromBuffer(credential.publicKey),
      counter: credential.counter,
      transports: transportList(parsed.data.response.response.transports ?? []).join(","),
      name: named.name,
      createdAt: now,
    })
    .onConflictDoNothing()
    .returning({ id: pk.id });
  if (inserted.length === 0) throw new PasskeyError(409, PASSKEY_MSG.alreadyRegistered);
  await recordSecurityEvent(securityEventStatement(db, user.id, "passkey_added", meta, now));
  cf.ctx.waitUntil(notifyOwner(request, env, user, "added", meta));
  const [view] = (await listPasskeys(env, user.id)).filter((p) => p.id === credential.id);
  return view;
}

// ---------------------------------------------------------------------------------------------------
// Signing in (anonymous, usernameless: the device offers the account's discoverable passkey)

export async function signInOptions(
  request: Request,
  env: Env,
  now = Date.now(),
): Promise<{ options: PublicKeyCredentialRequestOptionsJSON; cookie: string }> {
  const { rpID } = relyingParty(env, request);
  const options = await generateAuthenticationOptions({
    rpID,
    userVerification: "required",
    timeout: OPTIONS_TIMEOUT_MS,
  });
  const cookie = await issueChallenge(
    request,
    env,
    { purpose: "sign_in", challenge: options.challenge, userId: null, userHandle: null },
    now,
  );
  return { options, cookie };
}

/**
 * Verifies a sign-in assertion and starts a session that counts as having proved a second factor
 * (possession of the device plus its user verification). Throws PasskeyError; nothing is written then
 * except that the challenge is spent.
 */
export async function verifySignIn(
  request: Request,
  cf: RequestContext,
  input: unknown,
  now = Date.now(),
): Promise<{ userId: string; cookie: string; redirectTo: string }> {
  const env = cf.env;
  const parsed = signInBodySchema.safeParse(input);
  if (!parsed.success) throw new PasskeyError(400, PASSKEY_MSG.malformed);
  const { response } = parsed.data;
  const challenge = await takeChallenge(request, env, "sign_in", now);
  if (!challenge) throw new PasskeyError(400, PASSKEY_MSG.challengeExpired);
  const db = getDb(env);
  const [row] = await db.select().from(pk).where(eq(pk.id, response.id)).limit(1);
  // The handle the device sent must be the account's: a key copied under another account's entry is not it.
  if (!row || (response.response.userHandle != null && response.response.userHandle !== row.userHandle)) {
    throw new PasskeyError(401, PASSKEY_MSG.unknownCredential);
  }
  const { origin, rpID } = relyingParty(env, request);
  let newCounter: number;
  try {
    const result = await verifyAuthenticationResponse({
      response: response as Parameters<typeof verifyAuthenticationResponse>[0]["response"],
      expectedChallenge: challenge.challenge,
      expectedOrigin: origin,
      expectedRPID: rpID,
      credential: {
        id: row.id,
        publicKey: isoBase64URL.toBuffer(row.publicKey),
        counter: row.counter,
        transports: transportList(row.transports) as AuthenticatorTransport[],
      },
      requireUserVerification: true,
    });
    if (!result.verified || !result.authenticationInfo.userVerified) throw new Error("not verified");
    newCounter = result.authenticationInfo.newCounter;
  } catch {
    throw new PasskeyError(400, PASSKEY_MSG.notVerified);
  }
  // Only if the counter is still the one verified against: two racing uses of one key cannot both pass.
  const used = await db
    .update(pk)
    .set({ counter: newCounter, lastUsedAt: now })
    .where(and(eq(pk.id, row.id), eq(pk.counter, row.counter)))
    .returning({ id: pk.id });
  if (used.length === 0) throw new PasskeyError(400, PASSKEY_MSG.notVerified);
  const cookie = await createSession(request, env, row.userId, { cf: cf.cf, secondFactor: "passkey", now });
  await recordSecurityEvent(
    securityEventStatement(db, row.userId, "passkey_login", requestMeta(request, cf.cf), Date.now()),
  );
  const [account] = await db
    .select({ accountType: schema.users.accountType })
    .from(schema.users)
    .where(eq(schema.users.id, row.userId))
    .limit(1);
  const isAdmin = account?.accountType === ADMIN_ACCOUNT_TYPE;
  return { userId: row.userId, cookie, redirectTo: landingAfterLogin(parsed.data.redirectTo, isAdmin) };
}

// ---------------------------------------------------------------------------------------------------
// Removing (signed in, confirmed with confirmIdentity)

/**
 * For the caller's batch: removes every passkey of the account and its unspent challenges. A password reset
 * and a two-factor set-up offer this ('Also remove all passkeys'): a passkey is a whole way in, so a
 * person who fears someone got into their account must be able to close that way too in the same step.
 * The first statement returns the removed ids.
 */
export function removeAllPasskeysStatements(db: Db, userId: string) {
  return [
    db.delete(pk).where(eq(pk.userId, userId)).returning({ id: pk.id }),
    db.delete(pc).where(eq(pc.userId, userId)),
  ] as const;
}

export type RemoveResult = { ok: true } | { ok: false; status: number; error: string };

/** Removes one of the signed-in owner's passkeys after confirmIdentity; another account's is "not found". */
export async function removePasskey(
  request: Request,
  cf: RequestContext,
  user: Pick<SessionUser, "id" | "email" | "firstName">,
  session: Pick<CurrentSession, "secondFactorAt" | "secondFactorVia">,
  passkeyId: unknown,
  password: unknown,
  now = Date.now(),
): Promise<RemoveResult> {
  if (typeof passkeyId !== "string" || passkeyId.length === 0 || passkeyId.length > 1366) {
    return { ok: false, status: 400, error: PASSKEY_MSG.notFound };
  }
  const reauth: Reauth = await reauthenticate(request, cf, user, session, password);
  if (!reauth.ok) return reauth;
  const db = getDb(cf.env);
  const removed = await db
    .delete(pk)
    .where(and(eq(pk.id, passkeyId), eq(pk.userId, user.id)))
    .returning({ id: pk.id });
  if (removed.length === 0) return { ok: false, status: 404, error: PASSKEY_MSG.notFound };
  const meta = requestMeta(request, cf.cf);
  await recordSecurityEvent(securityEventStatement(db, user.id, "passkey_removed", meta, now));
  cf.ctx.waitUntil(notifyOwner(request, cf.env, user, "removed", meta));
  return { ok: true };
}

/**
 * /managesub's form post that removes a passkey (works without JavaScript): back to the page with a notice,
 * or {error} with its status for the page (or the section's fetcher) to show. The redirect is thrown, as
 * Remix actions do.
 */
export async function removePasskeyAction(
  request: Request,
  cf: RequestContext,
  user: Pick<SessionUser, "id" | "email" | "firstName">,
  form: FormData | null,
) {
  const current = await getCurrentSession(request, cf.env);
  const result = current
    ? await removePasskey(request, cf, user, current.session, form?.get("passkeyId"), form?.get(CURRENT_PASSWORD_FIELD))
    : { ok: false as const, status: 401, error: MSG.notAuthenticated };
  if (!result.ok)
    return data({ error: result.error }, { status: result.status, headers: { "Cache-Control": "no-store" } });
  throw redirect("/managesub", {
    status: 303,
    headers: await setFlash(new Headers({ "Cache-Control": "no-store" }), cf.env, "passkeyRemoved"),
  });
}

async function notifyOwner(
  request: Request,
  env: Env,
  user: Pick<SessionUser, "email" | "firstName">,
  what: "added" | "removed",
  where: { device: string; place: string },
) {
  const content = { origin: siteOrigin(env, request), firstName: user.firstName, siteName: siteName(env), ...where };
  await sendEmail(env, {
    to: user.email,
    ...(what === "added" ? passkeyAddedEmail(content) : passkeyRemovedEmail(content)),
  });
}
