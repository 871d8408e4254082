// What the privacy policy (routes/privacy.tsx) promises about how long things are kept, as numbers the
// cron runs on. Change one here and the policy text follows.
import { INACTIVE_LISTING_MONTHS } from "./site";

export { INACTIVE_LISTING_MONTHS };

const DAY_MS = 24 * 60 * 60_000;

/** Decided (hidden or dismissed) reports: "no more than two years", counted from when the report came in. */
export const REPORT_RETENTION_DAYS = 730;
/** ID documents of a request nobody has reviewed yet are deleted after this, and the request closed. */
export const PENDING_ID_DOCUMENT_DAYS = 30;
/** The account security log (sign-ins, password changes, sessions): what the account page shows and keeps. */
export const SECURITY_LOG_RETENTION_DAYS = 365;
/** A sign-up whose address was never confirmed is deleted this long after it was made (or last repeated). */
export const UNCONFIRMED_ACCOUNT_DAYS = 7;

/**
 * A decided takedown case ('This is me'), with its sealed words and the owner's answer: kept this long after its
 * decision as the record that the Harmful Digital Communications Act's steps were followed, then deleted
 * (docs/decisions/0066-photo-hash-backfill-and-takedown-upkeep.md). The same two years as reports.
 */
export const TAKEDOWN_RETENTION_DAYS = 730;
/** The keyed hash of the network a case came from serves only the per-network daily limit: kept a day. */
export const TAKEDOWN_NETWORK_DAYS = 1;
/**
 * A decided appeal's words (the person's message, the refusal and the decision's reason) are cleared this long
 * after its decision; the row stays only while what it appealed exists, so nothing is appealed twice.
 */
export const APPEAL_RETENTION_DAYS = 730;

export function daysBefore(now: number, days: number): number {
  return now - days * DAY_MS;
}

/** The same calendar moment `months` months earlier (UTC), e.g. 12 months before 2026-11-23 is 2025-11-23. */
export function monthsBefore(now: number, months: number): number {
  const d = new Date(now);
  d.setUTCMonth(d.getUTCMonth() - months);
  return d.getTime();
}

export const PENDING_ID_EXPIRED_REASON = `Nobody reviewed this request within ${PENDING_ID_DOCUMENT_DAYS} days, so your ID documents were deleted. Please send them again.`;
