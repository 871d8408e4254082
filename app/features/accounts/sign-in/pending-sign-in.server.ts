// A sign-in whose password was right and that now waits for the second factor. No session exists yet: the
// browser holds a random token in its own cookie (HttpOnly, SameSite=Lax, __Host- prefixed when Secure, like
// the session cookie) and D1 only the token's SHA-256. It lasts a few minutes, takes a few wrong codes and is
// spent by the right one.
import { and, eq, lt, lte, sql } from "drizzle-orm";
import { newToken } from "~/platform/data/ids";
import { getDb, rowById, schema } from "~/platform/data/db.server";
import { readTokenCookie, serializeTokenCookie, sha256Hex } from "~/platform/http/token-cookie.server";
import type { TokenCookie } from "~/platform/http/token-cookie.server";
import type { DbEnv } from "~/platform/data/db.server";

const p = schema.pendingSignIns;

export const PENDING_SIGN_IN_MS = 10 * 60_000;
/** Wrong codes one pending sign-in takes before the password must be typed again. */
export const PENDING_MAX_ATTEMPTS = 5;

const PENDING_COOKIE: TokenCookie = { name: "pending_sign_in", sameSite: "Lax" };

function serialize(value: string, secure: boolean, maxAgeSeconds: number): string {
  return serializeTokenCookie(PENDING_COOKIE, value, secure, maxAgeSeconds);
}

export function clearPendingCookie(secure: boolean): string {
  return serialize("", secure, 0);
}

function readToken(request: Request, secure: boolean): string | null {
  return readTokenCookie(request.headers.get("Cookie"), PENDING_COOKIE, secure);
}

/** Starts a pending sign-in for `userId`; answers the Set-Cookie value. Spent ones of the user are swept. */
export async function startPendingSignIn(
  env: DbEnv,
  userId: string,
  secure: boolean,
  now = Date.now(),
): Promise<string> {
  const token = newToken();
  const db = getDb(env);
  await db.batch([
    db.delete(p).where(and(eq(p.userId, userId), lt(p.expiresAt, now))),
    db.insert(p).values({ id: await sha256Hex(token), userId, createdAt: now, expiresAt: now + PENDING_SIGN_IN_MS }),
  ]);
  return serialize(token, secure, PENDING_SIGN_IN_MS / 1000);
}

export type PendingSignIn = { id: string; userId: string; attempts: number };

/** The live pending sign-in the request's cookie names, or null (none, expired, used up). */
export async function readPendingSignIn(
  request: Request,
  env: DbEnv,
  secure: boolean,
  now = Date.now(),
): Promise<PendingSignIn | null> {
  const token = readToken(request, secure);
  if (!token) return null;
  const id = await sha256Hex(token);
  const row = await rowById(env, p, { id: p.id, userId: p.userId, attempts: p.attempts, expiresAt: p.expiresAt }, id);
  if (!row || row.expiresAt <= now || row.attempts >= PENDING_MAX_ATTEMPTS) return null;
  return { id: row.id, userId: row.userId, attempts: row.attempts };
}

/** True when the request carries a pending cookie at all (to clear one that no longer leads anywhere). */
export function hasPendingCookie(request: Request, secure: boolean): boolean {
  return readToken(request, secure) !== null;
}

/**
 * Takes one attempt before a code is checked, in the statement that counts it: parallel guesses each cost
 * one, and none is checked once the attempts are gone. Answers the attempts used, or null when none is left
 * (or the sign-in expired or was spent).
 */
export async function reservePendingAttempt(env: DbEnv, id: string, now = Date.now()): Promise<number | null> {
  const [row] = await getDb(env)
    .update(p)
    .set({ attempts: sql`${p.attempts} + 1` })
    .where(and(eq(p.id, id), sql`${p.expiresAt} > ${now}`, lt(p.attempts, PENDING_MAX_ATTEMPTS)))
    .returning({ attempts: p.attempts });
  return row ? row.attempts : null;
}

/** After a wrong code: the pending sign-in ends with its last attempt. Answers whether attempts are left. */
export async function attemptsLeftAfterFailure(env: DbEnv, id: string, used: number): Promise<boolean> {
  if (used < PENDING_MAX_ATTEMPTS) return true;
  await getDb(env).delete(p).where(eq(p.id, id));
  return false;
}

/** Spends the pending sign-in: true for exactly one caller, so a code raced twice starts one session. */
export async function consumePendingSignIn(env: DbEnv, id: string, now = Date.now()): Promise<boolean> {
  const gone = await getDb(env)
    .delete(p)
    // The right code's own attempt was reserved, so up to and including the last one.
    .where(and(eq(p.id, id), sql`${p.expiresAt} > ${now}`, lte(p.attempts, PENDING_MAX_ATTEMPTS)))
    .returning({ id: p.id });
  return gone.length === 1;
}

/** The cron drops pending sign-ins that can no longer be finished. */
export async function sweepPendingSignIns(env: DbEnv, now: number): Promise<void> {
  await getDb(env).delete(p).where(lt(p.expiresAt, now));
}
