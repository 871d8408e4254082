// The owner's view of their own sessions (docs/accounts.md): which devices are signed in, and signing any of them
// out. Every query is bounded by the signed-in user's id, so an id from another account matches nothing.
//
// The page never carries a session's stored id (the SHA-256 of its cookie token). That id cannot be turned
// back into a cookie, but it is the key of the row: a copy of the page (browser history and cache, an
// extension, a screenshot sent for help) together with a database copy would tie a device to a person,
// and nothing in the browser needs it. The page names a session by a keyed hash of the id instead
// (HMAC with a site secret, cut to 22 characters, ~132 bits): stable while the session lives, meaningless
// without the key, and not usable anywhere else. Matching a posted one means hashing the owner's own few
// sessions; an account has only its live sessions (logins delete dead ones).
import { and, eq, gt, lt, ne, sql } from "drizzle-orm";
import { orderSessions } from "./account-settings";
import { ABSOLUTE_TIMEOUT_MS, IDLE_TIMEOUT_MS } from "~/features/accounts/auth-session";
import { getDb, schema } from "~/platform/data/db.server";
import { recordSecurityEvent, securityEventStatement } from "../security-log.server";
import type { RequestMeta } from "../security-log.server";
import { keyedHash, siteSecret } from "~/platform/data/site-secrets.server";
import { endEmailChanges } from "../link-kinds.server";
import type { Db, DbEnv } from "~/platform/data/db.server";

const s = schema.sessions;

export type OwnSession = {
  publicId: string;
  device: string;
  place: string;
  createdAt: number;
  lastSeenAt: number;
  /** The session this request came with ('This device'). */
  current: boolean;
};

/** The keyed name of a stored session id, as the page shows it. */
async function publicIdOf(key: string, sessionId: string): Promise<string> {
  return (await keyedHash(key, `session:${sessionId}`)).slice(0, 22);
}

/** Live sessions only: neither past the absolute expiry nor idle for longer than the idle timeout. */
function liveFor(userId: string, now: number) {
  return and(eq(s.userId, userId), gt(s.expiresAt, now), gt(s.lastSeenAt, now - IDLE_TIMEOUT_MS));
}

async function ownLiveSessions(env: DbEnv, userId: string, now: number) {
  return getDb(env)
    .select({ id: s.id, device: s.device, place: s.place, createdAt: s.createdAt, lastSeenAt: s.lastSeenAt })
    .from(s)
    .where(liveFor(userId, now));
}

/** The user's live sessions, this device first, then the most recently used. */
export async function listOwnSessions(
  env: DbEnv,
  userId: string,
  currentId: string,
  now = Date.now(),
): Promise<OwnSession[]> {
  const [key, rows] = await Promise.all([siteSecret(env, "session-public-id"), ownLiveSessions(env, userId, now)]);
  const sessions = await Promise.all(
    rows.map(async ({ id, ...row }) => ({ ...row, publicId: await publicIdOf(key, id), current: id === currentId })),
  );
  return orderSessions(sessions);
}

export type RevokeOutcome = "revoked" | "current" | "not-found";

/**
 * Signs out one of the user's own sessions, named by its public id. "current" when it is the session the
 * request came with (the caller signs this device out as Sign Out would); "not-found" when it is nobody's
 * live session of this user, which changes nothing.
 */
export async function revokeOwnSession(
  env: DbEnv,
  userId: string,
  publicId: string,
  currentId: string,
  meta: RequestMeta,
  now = Date.now(),
): Promise<RevokeOutcome> {
  const [key, rows] = await Promise.all([siteSecret(env, "session-public-id"), ownLiveSessions(env, userId, now)]);
  let target: string | null = null;
  for (const row of rows) if ((await publicIdOf(key, row.id)) === publicId) target = row.id;
  if (!target) return "not-found";
  if (target === currentId) return "current";
  const db = getDb(env);
  // user_id again in the delete: the row is this user's whatever happened since it was read.
  const [deleted] = await db.batch([
    db
      .delete(s)
      .where(and(eq(s.id, target), eq(s.userId, userId)))
      .returning({ id: s.id }),
    securityEventStatement(db, userId, "session_revoked", meta, now),
  ]);
  return deleted.length > 0 ? "revoked" : "not-found";
}

/**
 * Signs out every session of the user except `currentId`, and ends the account's pending e-mail changes (one
 * may have been asked for from a session being shut out); answers how many sessions ended.
 */
export async function revokeOtherSessions(
  env: DbEnv,
  userId: string,
  currentId: string,
  meta: RequestMeta,
  now = Date.now(),
): Promise<number> {
  const db = getDb(env);
  const [deleted] = await db.batch([
    db
      .delete(s)
      .where(and(eq(s.userId, userId), ne(s.id, currentId)))
      .returning({ id: s.id }),
    endEmailChanges(db, userId, now),
  ]);
  await recordSecurityEvent(securityEventStatement(db, userId, "other_sessions_revoked", meta, now));
  return deleted.length;
}

/** Why a session the browser still holds was ended, when it was ended on purpose (ended_sessions). */
export type EndedReason = "password_changed";

/** Why the session with this id was ended, if a password change ended it in the last 30 days. */
export async function endedReasonOf(db: Db, sessionId: string): Promise<EndedReason | null> {
  const e = schema.endedSessions;
  const [ended] = await db.select({ reason: e.reason }).from(e).where(eq(e.id, sessionId)).limit(1);
  return ended?.reason ?? null;
}

/**
 * The statements that end an account's sessions because its password changed (all of them after a reset, all
 * but the one making the change otherwise), each one's id kept in ended_sessions until it would have ended
 * anyway, so that a browser still holding one is told the password was changed. For the caller's batch.
 */
export function endSessionsForPassword(db: Db, userId: string, now: number, keep?: string) {
  const s = schema.sessions;
  const e = schema.endedSessions;
  const which = and(eq(s.userId, userId), keep ? ne(s.id, keep) : undefined);
  return [
    db
      .insert(e)
      .select(
        db
          .select({
            id: s.id,
            reason: sql<EndedReason>`'password_changed'`.as("reason"),
            endedAt: sql<number>`${now}`.as("ended_at"),
          })
          .from(s)
          .where(which),
      )
      .onConflictDoNothing(),
    // Housekeeping: a session ended that long ago would have expired by now.
    db.delete(e).where(lt(e.endedAt, now - ABSOLUTE_TIMEOUT_MS)),
    db.delete(s).where(which),
  ] as const;
}
