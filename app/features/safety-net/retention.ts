// How long the Safety Net keeps things, and its limits: the numbers the cron and the privacy policy
// (routes/privacy.tsx) both read (docs/decisions/0023-safety-net.md).
const DAY_MS = 24 * 60 * 60_000;

/** A published alert, and the hashes it is found by, expire this long after publication. */
export const ALERT_MONTHS = 12;
/** A declined report is deleted this long after the decision. */
export const DECLINED_DAYS = 30;
/** A handled correction request is deleted this long after it was handled. */
export const HANDLED_CORRECTION_DAYS = 30;
/**
 * A correction request nobody handled is deleted this long after it came: far past the 48-hour target (it
 * is marked overdue from then on), so only what an administrator left alone for two months goes.
 */
export const OPEN_CORRECTION_DAYS = 60;
/** Open correction requests one contact address may have at once. */
export const CORRECTIONS_PER_CONTACT = 3;
/** A tour stop gives its region's alerts from this many days before it starts until it ends. */
export const TOUR_AHEAD_DAYS = 14;
/** Per-account daily check totals are kept this many days (today and yesterday), then deleted. */
export const CHECK_TOTAL_DAYS = 2;
/** Number checks per account per New Zealand day. */
export const CHECKS_PER_DAY = 30;
/** Reports per account in any seven days. */
export const REPORTS_PER_WEEK = 5;
/** A report from an account younger than this is marked for a second look. */
export const NEW_ACCOUNT_DAYS = 14;
/** The administrators' target for deciding a report or a correction request. */
export const REVIEW_HOURS = 48;
/** Digest e-mails at most this often. */
export const DIGEST_HOURS = 24;

export function daysAfter(ms: number, days: number): number {
  return ms + days * DAY_MS;
}

/** The same calendar moment `months` months later (UTC). */
export function monthsAfter(ms: number, months: number): number {
  const d = new Date(ms);
  d.setUTCMonth(d.getUTCMonth() + months);
  return d.getTime();
}

/** When a report published at `publishedAt` stops counting anywhere. */
export function alertExpiry(publishedAt: number): number {
  return monthsAfter(publishedAt, ALERT_MONTHS);
}

/** When a report declined at `decidedAt` is deleted. */
export function declinedExpiry(decidedAt: number): number {
  return daysAfter(decidedAt, DECLINED_DAYS);
}

/** True while an alert with this expiry still counts (an expired one never changes an answer). */
export function isCurrent(expiresAt: number | null, now: number): boolean {
  return expiresAt !== null && expiresAt > now;
}

/** Hours waited and whether the 48-hour target is passed. */
export function waiting(since: number, now: number): { hours: number; overdue: boolean } {
  const hours = Math.max(0, Math.floor((now - since) / 3_600_000));
  return { hours, overdue: now - since > REVIEW_HOURS * 3_600_000 };
}

export function isNewAccount(createdAt: number, now: number): boolean {
  return now - createdAt < NEW_ACCOUNT_DAYS * DAY_MS;
}
