// Who is signed in. remix-auth v4 checks credentials (FormStrategy, sign-in/login.server.ts) and has no
// session handling, so the sessions are ours: a random token in an HttpOnly cookie, its SHA-256 in D1,
// revocable at any time.
import { cookieIsSecure } from "~/platform/env";
import type { AppLoadContext } from "@remix-run/cloudflare";
import { and, eq, lt, or, sql } from "drizzle-orm";
import type { Placeholder, SQL } from "drizzle-orm";
import { ABSOLUTE_TIMEOUT_MS, IDLE_TIMEOUT_MS, isSessionLive, needsTouch, sessionExpiry } from "./auth-session";
import {
  clearSessionCookie,
  hasSessionCookie,
  readSessionToken,
  serializeSessionCookie,
  sha256Hex,
} from "~/platform/http/token-cookie.server";
import { toSessionUser } from "~/core/session-user";
import type { SessionUser } from "~/core/session-user";
import { newToken } from "~/platform/data/ids";
import { getDb, keptSelect, keptStatement, schema } from "~/platform/data/db.server";
import { requestMeta } from "./security-log.server";
import { endedReasonOf } from "./settings/sessions.server";
import type { EndedReason } from "./settings/sessions.server";

export type { PublicUser, SessionUser } from "~/core/session-user";
export { ADMIN_ACCOUNT_TYPE, toPublicUser } from "~/core/session-user";

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
  | { state: "none" }
  | { state: "stale"; ended?: EndedReason }
  | { state: "valid"; user: SessionUser; session: CurrentSession };

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
async function settleSession(
  env: Env,
  sessionId: string,
  row: SessionRow | undefined,
  now: number,
): Promise<SessionLookup> {
  const db = getDb(env);
  if (!row) {
    // Gone: ended by a password change (said so at the login page), or expired and swept.
    const ended = await endedReasonOf(db, sessionId);
    return ended ? { state: "stale", ended } : { state: "stale" };
  }
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

/**
 * The session lookup as a batch's statement, with the mapping of its result, and the session's user id as a
 * subquery for the batch's other statements: what they read is used only once the lookup proves the session
 * live, so a page can read its owner's rows in the same round trip as the lookup itself.
 */
export type SessionLookupStatement = {
  statement: D1PreparedStatement;
  rows: (result: D1Result) => SessionRow[];
  userId: SQL;
  /**
   * The same subquery on a placeholder, for a select kept across requests (keptSelect): its statement is
   * filled from `values` (keptStatement).
   */
  ownerId: SQL;
  values: { sessionId: string };
};

/** The session's user id as a subquery on the `sessionId` placeholder (SessionLookupStatement.ownerId). */
const OWNER_ID = sql`(select ${schema.sessions.userId} from ${schema.sessions} where ${schema.sessions.id} = ${sql.placeholder("sessionId")})`;

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
        sessionId
          ? {
              statement: keptStatement(env.DB, select, { sessionId }),
              rows: select.rows,
              // Built only by a page that reads its owner's rows in the batch (the home page does not).
              get userId() {
                return sql`(select ${schema.sessions.userId} from ${schema.sessions} where ${schema.sessions.id} = ${sessionId})`;
              },
              ownerId: OWNER_ID,
              values: { sessionId },
            }
          : null,
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
