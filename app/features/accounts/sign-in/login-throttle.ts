// The per-account sign-in budget (docs/accounts.md), beside the per-address limit: 5 failures in 15 minutes are
// free, then each further failure doubles the wait (1, 2, 4 ... minutes, at most an hour). Kept for any
// e-mail address, registered or not, so the answer never tells which. A password reset is never limited
// by it, and a successful sign-in or reset clears it. Pure: the clock is a parameter.
const MINUTE = 60_000;
export const FAILURE_WINDOW_MS = 15 * MINUTE;
export const FREE_FAILURES = 5;
export const MAX_DELAY_MS = 60 * MINUTE;

export type ThrottleState = { failures: number; windowStart: number; blockedUntil: number };

export function isBlocked(state: ThrottleState | null | undefined, now: number): boolean {
  return Boolean(state && now < state.blockedUntil);
}

/** Until when sign-ins wait after the window's `failures`-th failure at `now` (0: no wait). */
export function blockedUntilAfter(failures: number, now: number): number {
  const over = failures - FREE_FAILURES;
  return over >= 0 ? now + Math.min(MAX_DELAY_MS, MINUTE * 2 ** over) : 0;
}

/**
 * The state after one more failure at `now`, and whether this is the failure that starts the delays. The
 * rule in one place for reading and testing; recordLoginFailure (app/features/accounts/sign-in/login-throttle.server.ts) applies
 * the same window rule as an increment inside its SQL, so parallel failures each count.
 */
export function afterFailure(
  state: ThrottleState | null | undefined,
  now: number,
): ThrottleState & { tripped: boolean } {
  const fresh = !state || now - state.windowStart > FAILURE_WINDOW_MS;
  const failures = fresh ? 1 : state.failures + 1;
  const windowStart = fresh ? now : state.windowStart;
  const blockedUntil = blockedUntilAfter(failures, now);
  return { failures, windowStart, blockedUntil, tripped: failures === FREE_FAILURES };
}
