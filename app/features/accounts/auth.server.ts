// Who is signed in. remix-auth v4 checks credentials (FormStrategy) and has no session handling, so the
// sessions are ours: a random token in an HttpOnly cookie, its SHA-256 in D1, revocable at any time.
import { cookieIsSecure } from "~/platform/env";
import type { AppLoadContext } from "@remix-run/cloudflare";
import { and, eq, gt, lt, or, sql, type Placeholder } from "drizzle-orm";
import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { loginSchema, MSG, parseWith } from "./auth-schemas";
import { formToObject } from "~/platform/http/form-object";
import { ABSOLUTE_TIMEOUT_MS, IDLE_TIMEOUT_MS, isSessionLive, needsTouch, sessionExpiry } from "./auth-session";
import {
  clearSessionCookie,
  hasSessionCookie,
  readSessionToken,
  serializeSessionCookie,
  sha256Hex,
} from "~/platform/http/token-cookie.server";
import { limiterKey } from "~/platform/http/rate-limit.server";
import { ADMIN_ACCOUNT_TYPE, type SessionUser } from "./auth-user";
import { newToken } from "~/platform/data/ids";
import { UNCONFIRMED_ACCOUNT_DAYS } from "~/features/site/retention";
import { hashPassword, needsRehash, verifyPassword } from "./password.server";
import { getDb, keptSelect, keptStatement, schema } from "~/platform/data/db.server";
import {
  recordSecurityEvent,
  requestMeta,
  securityEventForEmailStatement,
  securityEventStatement,
} from "./security-log.server";
import { overLimit } from "~/platform/http/rate-limit.server";
import { isBlocked } from "~/features/accounts/sign-in/login-throttle";
import {
  clearThrottle,
  readThrottle,
  recordLoginFailure,
  tellOwnerOfFailures,
  throttleKey,
} from "./sign-in/login-throttle.server";
import { startPendingSignIn } from "./sign-in/pending-sign-in.server";
import { secondFactorsOf } from "./second-factor/factors.server";

export type { PublicUser, SessionUser } from "./auth-user";
export { ADMIN_ACCOUNT_TYPE, toPublicUser } from "./auth-user";

type UserRow = typeof schema.users.$inferSelect;

/**
 * `secondFactorAt` is when the session proved a second factor: without it an administrator has no
 * administrator powers (isAdmin false), only a pointer to set two-factor up (needsAdminSecondFactor).
 */
export function toSessionUser(
  row: Pick<UserRow, "id" | "email" | "firstName" | "accountType" | "agency">,
  secondFactorAt: number | null | undefined,
): SessionUser {
  return {
    id: row.id,
    email: row.email,
    firstName: row.firstName,
    accountType: row.accountType,
    agency: row.agency,
    isAdmin: row.accountType === ADMIN_ACCOUNT_TYPE && secondFactorAt != null,
  };
}

/** Plain http only in local development; everywhere else the cookie is Secure (and __Host- prefixed). */

// ---------------------------------------------------------------------------------------------------
// Sessions

/** How a session proved its second factor: a code (the app, a recovery code, setting the app up) or a passkey. */
export type SecondFactorVia = "code" | "passkey";

/**
 * The session the request came with, as stored (its id is the token's hash). `secondFactorVia` is null for a
 * session that proved none, and for one from before migration 0042 (read as a code).
 */
export type CurrentSession = { id: string; secondFactorAt: number | null; secondFactorVia?: SecondFactorVia | null };

type SessionLookup =
  { state: "none" } | { state: "stale" } | { state: "valid"; user: SessionUser; session: CurrentSession };

// The root loader and a page's loader both ask who is signed in; one D1 read per request is enough. Remix
// hands each loader its own copy of the Request, so loaders share the lookup through their load context
// (one object per request, workers/app.ts), passed as `scope`.
const lookups = new WeakMap<object, Promise<SessionLookup>>();

export function lookupSession(request: Request, env: Env, scope: object = request): Promise<SessionLookup> {
  let pending = lookups.get(scope);
  if (!pending) {
    pending = readSession(request, env, Date.now());
    lookups.set(scope, pending);
  }
  return pending;
}

/** Only the columns the lookup uses, each name once, so that the statement can go in a D1 batch. */
function sessionQuery(db: ReturnType<typeof getDb>, sessionId: string | Placeholder) {
  const s = schema.sessions;
  const u = schema.users;
  return db
    .select({
      createdAt: s.createdAt,
      lastSeenAt: s.lastSeenAt,
      expiresAt: s.expiresAt,
      secondFactorAt: s.secondFactorAt,
      secondFactorVia: s.secondFactorVia,
      id: u.id,
      email: u.email,
      firstName: u.firstName,
      accountType: u.accountType,
      agency: u.agency,
    })
    .from(s)
    .innerJoin(u, eq(s.userId, u.id))
    .where(eq(s.id, sessionId))
    .limit(1);
}

type SessionRow = Awaited<ReturnType<typeof sessionQuery>>[number];

/** What a session row means now: expired rows are deleted, and a live one's last-seen time kept fresh. */
async function settleSession(env: Env, sessionId: string, row: SessionRow | undefined, now: number) {
  if (!row) return { state: "stale" } as const;
  const db = getDb(env);
  if (!isSessionLive(row, now)) {
    await db.delete(schema.sessions).where(eq(schema.sessions.id, sessionId));
    return { state: "stale" } as const;
  }
  if (needsTouch(row, now)) {
    await db.update(schema.sessions).set({ lastSeenAt: now }).where(eq(schema.sessions.id, sessionId));
  }
  return {
    state: "valid",
    user: toSessionUser(row, row.secondFactorAt),
    session: { id: sessionId, secondFactorAt: row.secondFactorAt, secondFactorVia: row.secondFactorVia },
  } as const;
}

async function readSession(request: Request, env: Env, now: number): Promise<SessionLookup> {
  const secure = cookieIsSecure(env);
  const cookie = request.headers.get("Cookie");
  const token = readSessionToken(cookie, secure);
  if (!token) return hasSessionCookie(cookie, secure) ? { state: "stale" } : { state: "none" };
  const sessionId = await sha256Hex(token);
  const [row] = await sessionQuery(getDb(env), sessionId);
  return settleSession(env, sessionId, row, now);
}

/** True when the request carries a session cookie: its lookup needs D1. */
export function needsSessionRead(request: Request, env: Env): boolean {
  return hasSessionCookie(request.headers.get("Cookie"), cookieIsSecure(env));
}

/** The session lookup as a batch's statement, with the mapping of its result. */
export type SessionLookupStatement = { statement: D1PreparedStatement; rows: (result: D1Result) => SessionRow[] };

/**
 * For a page loader that reads D1 anyway: the session lookup as one more statement of its batch, so the page
 * costs one round trip. `run` gets the statement (null when there is no token to look up) and answers the
 * batch's results with the lookup's rows first; the lookup becomes this request's (`scope`), shared with the
 * root loader, unless one is already under way. If `run` fails, the lookup is made on its own.
 */
export function withSessionLookup<T>(
  request: Request,
  env: Env,
  scope: object,
  run: (lookup: SessionLookupStatement | null) => Promise<{ rows: SessionRow[] | null; value: T }>,
): Promise<T> {
  if (lookups.has(scope)) return run(null).then((r) => r.value);
  const now = Date.now();
  let settled!: (lookup: Promise<SessionLookup>) => void;
  lookups.set(scope, new Promise<SessionLookup>((resolve) => (settled = resolve)));
  return (async () => {
    const token = readSessionToken(request.headers.get("Cookie"), cookieIsSecure(env));
    const sessionId = token ? await sha256Hex(token) : null;
    try {
      const select = keptSelect("session-lookup", (db) => sessionQuery(db, sql.placeholder("sessionId")));
      const { rows, value } = await run(
        sessionId ? { statement: keptStatement(env.DB, select, { sessionId }), rows: select.rows } : null,
      );
      settled(sessionId && rows ? settleSession(env, sessionId, rows[0], now) : readSession(request, env, now));
      return value;
    } catch (error) {
      settled(readSession(request, env, now));
      throw error;
    }
  })();
}

/**
 * The signed-in user, or null (no cookie, or a session that expired or was revoked). GET loaders pass their
 * load context as `scope` to share one lookup per request; actions do not, since they may change the session.
 */
export async function getSessionUser(request: Request, env: Env, scope?: object): Promise<SessionUser | null> {
  const lookup = await lookupSession(request, env, scope);
  return lookup.state === "valid" ? lookup.user : null;
}

/** The signed-in user with the session they came with, or null. */
export async function getCurrentSession(
  request: Request,
  env: Env,
): Promise<{ user: SessionUser; session: CurrentSession } | null> {
  const lookup = await lookupSession(request, env);
  return lookup.state === "valid" ? { user: lookup.user, session: lookup.session } : null;
}

/**
 * Starts a new session for `userId` and answers the Set-Cookie header value. A new token every time
 * (never one the browser brought along), and the session the request came with, if any, is deleted:
 * whoever planted or held the old cookie gets nothing from the login.
 */
export type NewSessionOptions = {
  /** Where the request came from (`context.cloudflare.cf`): the session list shows a rough place. */
  cf?: AppLoadContext["cloudflare"]["cf"];
  /**
   * How this sign-in proved a second factor, if it did: "code" (TOTP, recovery code) or "passkey". A passkey
   * opens an administrator's powers but is not proof for a new password or e-mail address (reauth.server.ts).
   */
  secondFactor?: SecondFactorVia;
  now?: number;
};

export async function createSession(
  request: Request,
  env: Env,
  userId: string,
  { cf, secondFactor, now = Date.now() }: NewSessionOptions = {},
): Promise<string> {
  const secure = cookieIsSecure(env);
  const token = newToken();
  const db = getDb(env);
  const previousId = await readPreviousSessionId(request, env);
  const { device, place } = requestMeta(request, cf);
  const writes = [
    db.insert(schema.sessions).values({
      id: await sha256Hex(token),
      userId,
      createdAt: now,
      lastSeenAt: now,
      expiresAt: sessionExpiry(now),
      device,
      place,
      secondFactorAt: secondFactor ? now : null,
      secondFactorVia: secondFactor ?? null,
    }),
    // Housekeeping: this user's sessions that can no longer be used.
    db
      .delete(schema.sessions)
      .where(
        and(
          eq(schema.sessions.userId, userId),
          or(lt(schema.sessions.expiresAt, now), lt(schema.sessions.lastSeenAt, now - IDLE_TIMEOUT_MS)),
        ),
      ),
  ] as const;
  if (previousId) {
    await db.batch([...writes, db.delete(schema.sessions).where(eq(schema.sessions.id, previousId))]);
  } else {
    await db.batch(writes);
  }
  lookups.delete(request);
  return serializeSessionCookie(token, secure, Math.floor(ABSOLUTE_TIMEOUT_MS / 1000));
}

/** The stored id (token hash) of the session cookie the request came with, if it has one. */
export async function readPreviousSessionId(request: Request, env: Env): Promise<string | null> {
  const token = readSessionToken(request.headers.get("Cookie"), cookieIsSecure(env));
  return token ? sha256Hex(token) : null;
}

/** Deletes the request's session row (if any) and answers the Set-Cookie value that clears the cookie. */
export async function destroySession(request: Request, env: Env): Promise<string> {
  const secure = cookieIsSecure(env);
  const token = readSessionToken(request.headers.get("Cookie"), secure);
  if (token)
    await getDb(env)
      .delete(schema.sessions)
      .where(eq(schema.sessions.id, await sha256Hex(token)));
  lookups.delete(request);
  return clearSessionCookie(secure);
}

/**
 * Records that the request's session has just proved a code from the authenticator app (or set the app up):
 * from now on an administrator's powers open in it, and a sensitive change counts it as fresh.
 */
export async function markSecondFactor(request: Request, env: Env, now = Date.now()): Promise<void> {
  const lookup = await lookupSession(request, env);
  if (lookup.state !== "valid") return;
  await getDb(env)
    .update(schema.sessions)
    .set({ secondFactorAt: now, secondFactorVia: "code" })
    .where(eq(schema.sessions.id, lookup.session.id));
  lookups.delete(request);
}

/** Ends every session of a user (after a password reset). */
export async function revokeAllSessions(env: Env, userId: string): Promise<void> {
  await getDb(env).delete(schema.sessions).where(eq(schema.sessions.userId, userId));
}

// ---------------------------------------------------------------------------------------------------
// Credentials

/** A failed auth step with the status and the message to show. */
export class AuthError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = "AuthError";
  }
}

/**
 * The right password for an account whose address is not confirmed yet (docs/decisions/0026-sign-in-before-confirming.md):
 * the person is told to confirm first, and the caller has a fresh link mailed (`userId`). The same answer
 * goes to the password a sign-up typed for a confirmed account's address (`userId` null: nothing is mailed),
 * so a stranger who signs up and then signs in learns nothing about whether the address had an account.
 */
export class EmailUnconfirmedError extends AuthError {
  constructor(readonly userId: string | null) {
    super(403, MSG.confirmFirst);
    this.name = "EmailUnconfirmedError";
  }
}

// Unknown e-mails are checked against this so they cost the same PBKDF2 as known ones: the answer time
// does not tell whether an account exists. (Salt and hash are zero bytes; nothing ever matches it.)
const DUMMY_HASH = `pbkdf2-sha256$100000$${"A".repeat(22)}==$${"A".repeat(43)}=`;

/** How long a sign-up's password for a confirmed account's address is remembered: as long as a pending sign-up lives. */
export const SIGNUP_ATTEMPT_TTL_MS = UNCONFIRMED_ACCOUNT_DAYS * 24 * 60 * 60_000;

async function verifyCredentials(env: Env, input: unknown): Promise<SessionUser> {
  const parsed = parseWith(loginSchema, input);
  if (!parsed.ok) throw new AuthError(400, parsed.error);
  const { email, password } = parsed.data;
  const db = getDb(env);
  const sa = schema.signupAttempts;
  const [found] = await db
    .select({ user: schema.users, attemptHash: sa.passwordHash })
    .from(schema.users)
    .leftJoin(sa, and(eq(sa.userId, schema.users.id), gt(sa.createdAt, Date.now() - SIGNUP_ATTEMPT_TTL_MS)))
    .where(eq(schema.users.email, email))
    .limit(1);
  const row = found?.user;
  const valid = await verifyPassword(password, row?.passwordHash ?? DUMMY_HASH);
  if (row && valid && row.emailConfirmedAt !== null) {
    if (needsRehash(row.passwordHash)) {
      await db
        .update(schema.users)
        .set({ passwordHash: await hashPassword(password), updatedAt: Date.now() })
        .where(eq(schema.users.id, row.id));
    }
    return toSessionUser(row, null);
  }
  // Every answer but a sign-in costs a second derivation, against the password a sign-up typed for this
  // confirmed address (or against nothing), so the time taken does not tell the answers apart either.
  const attempt = row && !valid && row.emailConfirmedAt !== null ? found.attemptHash : null;
  const typedAtSignup = await verifyPassword(password, attempt ?? DUMMY_HASH);
  if (row && valid) throw new EmailUnconfirmedError(row.id);
  if (row && typedAtSignup) throw new EmailUnconfirmedError(null);
  throw new AuthError(401, MSG.invalidLogin);
}

/** What a right password leads to: a session, or (two-factor on) a pending sign-in that waits for a code. */
export type LoginResult =
  { kind: "session"; user: SessionUser; cookie: string } | { kind: "second-factor"; cookie: string };

/** What login needs from the request's context: where it came from, and a way to work after the answer. */
export type LoginContext = {
  cf?: AppLoadContext["cloudflare"]["cf"];
  /** ctx.waitUntil: the owner's 'several failed sign-ins' mail goes out after the answer. */
  waitUntil: (work: Promise<unknown>) => void;
};

/**
 * Logs in with e-mail and password (from a page form or a JSON body): checks them through remix-auth,
 * then starts a fresh session, or, when the account has a second factor, a pending sign-in (no session
 * yet; see second-factor-sign-in.server.ts). Throws AuthError; answers the Set-Cookie value.
 */
export async function login(
  request: Request,
  env: Env,
  input: Record<string, unknown>,
  { cf, waitUntil }: LoginContext,
): Promise<LoginResult> {
  const parsed = parseWith(loginSchema, input);
  if (!parsed.ok) throw new AuthError(400, parsed.error);
  const meta = requestMeta(request, cf);
  const now = Date.now();
  // The per-account budget, read for every address, registered or not: the answer and the work are the same.
  const throttle = await throttleKey(parsed.data.email);
  const state = await readThrottle(env, throttle);
  if (isBlocked(state, now)) throw new AuthError(429, MSG.rateLimited);
  let user: SessionUser;
  try {
    user = await authenticateLogin(formRequest(request.url, parsed.data), env);
  } catch (error) {
    // Logged against the account only if the address has one; the same statement runs either way.
    if (error instanceof AuthError && error.status === 401) {
      const [, tripped] = await Promise.all([
        recordSecurityEvent(
          securityEventForEmailStatement(getDb(env), parsed.data.email, "login_failed", meta, Date.now()),
        ),
        recordLoginFailure(env, throttle, now),
      ]);
      // After the answer, like every mail: looking the owner up and mailing them would otherwise make the
      // failure that trips the budget slower for an address with an account than for one without.
      if (tripped)
        waitUntil(
          tellOwnerOfFailures(env, request, parsed.data.email).catch((mailError: unknown) =>
            console.error("login: failed sign-ins mail", mailError),
          ),
        );
    }
    throw error;
  }
  if ((await secondFactorsOf(env, user.id)).length > 0) {
    // The budget is not cleared by the password alone: wrong codes count against it too, so someone who
    // has the password cannot reset the count by typing it again between guesses at the code.
    return { kind: "second-factor", cookie: await startPendingSignIn(env, user.id, cookieIsSecure(env), now) };
  }
  if (state) await clearThrottle(env, parsed.data.email);
  const cookie = await createSession(request, env, user.id, { cf, now });
  await recordSecurityEvent(securityEventStatement(getDb(env), user.id, "login", meta, Date.now()));
  return { kind: "session", user, cookie };
}

/** The JSON API's user object (spec §7: it carries userId; agency is the string 'true'/'false'). */
export function toApiUser(user: SessionUser) {
  return {
    userId: user.id,
    email: user.email,
    firstName: user.firstName,
    accountType: user.accountType,
    agency: user.agency ? "true" : "false",
    isAdmin: user.isAdmin,
  } as const;
}

function authenticatorFor(env: Env) {
  return new Authenticator<SessionUser>().use(
    new FormStrategy(async ({ form }) => verifyCredentials(env, formToObject(form))),
    "form",
  );
}

/**
 * Checks e-mail and password from a form-encoded request through remix-auth's FormStrategy. Throws
 * AuthError (400 for bad input, 401 for wrong credentials). Does not start a session.
 */
export async function authenticateLogin(request: Request, env: Env): Promise<SessionUser> {
  try {
    return await authenticatorFor(env).authenticate("form", request);
  } catch (error) {
    if (error instanceof AuthError) throw error;
    // FormStrategy could not read a form body: that is bad input, not a server fault.
    if (error instanceof TypeError || (error instanceof Error && error.name === "BodyUsedError")) {
      throw new AuthError(400, MSG.required);
    }
    throw error;
  }
}

/** A form-encoded POST carrying `fields`, for handing JSON input to the FormStrategy. */
export function formRequest(url: string, fields: Record<string, string>): Request {
  return new Request(url, { method: "POST", body: new URLSearchParams(fields) });
}

// ---------------------------------------------------------------------------------------------------
// Abuse control

/**
 * True when this client has made too many attempts of this kind (login, signup, reset) lately. A limiter
 * outage refuses the attempt ("closed"): it must not become unlimited password guessing.
 */
export function isRateLimited(
  request: Request,
  env: Pick<Env, "AUTH_LIMITER">,
  action: "login" | "signup" | "reset",
): Promise<boolean> {
  return overLimit(env.AUTH_LIMITER, limiterKey(action, request.headers), "closed");
}
