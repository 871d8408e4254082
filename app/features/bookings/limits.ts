// The numbers booking requests run on: the code, the limits and how long things are kept
// (docs/decisions/0052-booking-requests.md). The privacy page and the form's notes read them from here.

/** The code sent by SMS: six digits, good for ten minutes and five tries. */
export const CODE_DIGITS = 6;
export const CODE_MINUTES = 10;
export const CODE_TTL_MS = CODE_MINUTES * 60_000;
export const CODE_TRIES = 5;

/** Codes a number may be sent in an hour (each costs a text, and a stranger could type anyone's number). */
export const CODES_PER_NUMBER_HOUR = 3;
/** Codes one client network (an IPv4 address, an IPv6 /64) may ask for in an hour, whatever the numbers. */
export const CODES_PER_NETWORK_HOUR = 6;
/** Requests one number may send in a day, to any listings. */
export const REQUESTS_PER_NUMBER_DAY = 5;
/** Requests one listing takes in a day, so a flood cannot bury an inbox. */
export const REQUESTS_PER_LISTING_DAY = 20;

export const HOUR_MS = 3_600_000;
export const DAY_MS = 24 * HOUR_MS;

/** A code's row counts for the limits this long, then the cron deletes it. */
export const CODE_ROW_MS = DAY_MS;
/** A request (everything about it) is deleted this many days after the booking's time. */
export const REQUEST_KEEP_DAYS = 30;
/** The provider can read the number until this long after the booking's time (or until they decline). */
export const NUMBER_OPEN_MS = DAY_MS;
/** A block lasts this many months from when it was made or last renewed. */
export const BLOCK_MONTHS = 12;

/** How far ahead a booking may be asked for. */
export const MAX_DAYS_AHEAD = 60;

/** When a request is deleted. */
export function requestDeleteAt(startsAt: number): number {
  return startsAt + REQUEST_KEEP_DAYS * DAY_MS;
}

/** The same calendar moment `months` later (UTC): a block made on 14 March lasts until 14 March next year. */
export function blockExpiry(now: number, months = BLOCK_MONTHS): number {
  const d = new Date(now);
  d.setUTCMonth(d.getUTCMonth() + months);
  return d.getTime();
}

/** Whether the provider may still read a request's number: not declined, and not a day past its time. */
export function numberOpen(r: { status: string; startsAt: number }, now: number): boolean {
  return r.status !== "declined" && now < r.startsAt + NUMBER_OPEN_MS;
}
