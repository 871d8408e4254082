// Session policy: how long a session lives and how often it is touched. Pure, and safe in the browser;
// the cookie's format and the token hashing are server-only (app/platform/http/token-cookie.server.ts).

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/** A session ends after this long without a request (sliding). */
export const IDLE_TIMEOUT_MS = 7 * DAY;
/** ...and this long after login whatever happens: a stolen cookie cannot be kept alive forever. */
export const ABSOLUTE_TIMEOUT_MS = 30 * DAY;
/** last_seen is written at most this often, so a busy visitor does not cost a D1 write per page. */
export const TOUCH_INTERVAL_MS = 5 * MINUTE;
export const RESET_TOKEN_TTL_MS = 60 * MINUTE;
/** Reset e-mails per account per hour: a stranger cannot flood someone's inbox. */
export const RESET_REQUESTS_PER_HOUR = 5;
/** A sign-up's confirmation link works this long (docs/decisions/0010-confirmed-signup.md). */
export const CONFIRM_TOKEN_TTL_MS = 24 * 60 * MINUTE;
/**
 * Confirmation e-mails per account per hour, from sign-ups and refused sign-ins together: anyone may type
 * someone's address into the sign-up form, so it must not become a way to flood their inbox.
 */
export const CONFIRM_MAILS_PER_HOUR = 3;

export type SessionTimes = { createdAt: number; lastSeenAt: number; expiresAt: number };

export function isSessionLive(s: SessionTimes, now: number): boolean {
  return now < s.expiresAt && now - s.lastSeenAt < IDLE_TIMEOUT_MS;
}

export function needsTouch(s: SessionTimes, now: number): boolean {
  return now - s.lastSeenAt >= TOUCH_INTERVAL_MS;
}

export function sessionExpiry(now: number): number {
  return now + ABSOLUTE_TIMEOUT_MS;
}
