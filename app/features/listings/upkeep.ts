// Two ways a listing steps out of the public list without being unpublished: its owner takes a break, or it
// has gone stale. Both are decided from stored instants and the current time alone, so a listing resumes or
// hides on time even when no cron has run yet.
import { daysBetween, isCalendarDate, nzDate, nzDayStart, shortDate } from "~/platform/time/nz-time";

const DAY = 24 * 60 * 60 * 1000;

// --- Take a break ----------------------------------------------------------------------------------------

/** The longest break that can be booked ahead; an open-ended break ('until I resume') has no end at all. */
export const MAX_PAUSE_DAYS = 180;

/** The field of the 'Take a break' form that holds the return date. */
export const PAUSE_UNTIL_FIELD = "until";

export const PAUSE_MSG = {
  date: "Choose the date to come back, or leave it empty to come back when you resume.",
  notFuture: "Choose a date after today.",
  tooFar: `A break can be booked for at most ${MAX_PAUSE_DAYS} days. Leave the date empty for a longer one.`,
} as const;

/**
 * The instant a break ends, from the date the owner chose to be back (NZ midnight starting that date), or
 * null for 'until I resume'. The date must be after today's NZ date.
 */
export function pauseEnd(
  input: string,
  today: string,
): { ok: true; until: number | null } | { ok: false; error: string } {
  const date = input.trim();
  if (!date) return { ok: true, until: null };
  if (!isCalendarDate(date)) return { ok: false, error: PAUSE_MSG.date };
  if (date <= today) return { ok: false, error: PAUSE_MSG.notFuture };
  if (daysBetween(today, date) > MAX_PAUSE_DAYS) return { ok: false, error: PAUSE_MSG.tooFar };
  return { ok: true, until: nzDayStart(date) };
}

export type PauseFields = { pausedAt: number | null; pausedUntil: number | null };

/** Paused from `pausedAt` until `pausedUntil` (exclusive), or for good while `pausedUntil` is null. */
export const isPaused = (p: PauseFields, now: number): boolean =>
  p.pausedAt !== null && (p.pausedUntil === null || now < p.pausedUntil);

/** What the owner reads on the dashboard: 'Paused until 5 Dec' (back on that day), or until resumed. */
export function pausedLine(p: PauseFields, now: number): string | null {
  if (!isPaused(p, now)) return null;
  return p.pausedUntil === null ? "Paused until you resume" : `Paused until ${shortDate(nzDate(p.pausedUntil))}`;
}

// --- Stale-listing check ---------------------------------------------------------------------------------

/** A listing neither saved nor confirmed for this long is asked whether it is still available. */
export const STALE_AFTER_DAYS = 30;
/** And hidden this long after the question, unless confirmed. */
export const CONFIRM_WITHIN_DAYS = 7;
/**
 * The e-mailed 'Still available' link works this long after it was sent: a week past the hide, so an owner
 * back from a week away can still use it; after that it has expired, and the dashboard confirms instead.
 */
export const STALE_LINK_DAYS = 14;

export type StaleFields = {
  /** The latest save or 'Still available' confirmation. */
  confirmedAt: number;
  /** When the last 'Still available?' e-mail went out, if one did. */
  remindedAt: number | null;
};

export type StaleState = "fresh" | "reminder-due" | "reminded" | "hidden";

/**
 * The cron runs this rule as SQL conditions (stale-check.server.ts); tests/workers/stale-check.test.ts puts the
 * same cases through both.
 *
 * fresh → (30 days) reminder-due → (e-mail sent) reminded → (7 days) hidden; a save or a confirmation at any
 * point goes back to fresh, because it moves `confirmedAt` past `remindedAt`.
 */
export function staleState(f: StaleFields, now: number): StaleState {
  if (f.remindedAt !== null && f.remindedAt >= f.confirmedAt) {
    return now - f.remindedAt >= CONFIRM_WITHIN_DAYS * DAY ? "hidden" : "reminded";
  }
  return now - f.confirmedAt >= STALE_AFTER_DAYS * DAY ? "reminder-due" : "fresh";
}

/** The instant after which a listing confirmed at `confirmedAt` needs its reminder. */
export const reminderDueAt = (confirmedAt: number): number => confirmedAt + STALE_AFTER_DAYS * DAY;
/** The instant a reminded listing hides. */
export const hidesAt = (remindedAt: number): number => remindedAt + CONFIRM_WITHIN_DAYS * DAY;
