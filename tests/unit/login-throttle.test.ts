import { describe, expect, it } from "vitest";
import { afterFailure, FAILURE_WINDOW_MS, isBlocked, MAX_DELAY_MS } from "~/features/accounts/sign-in/login-throttle";
import type { ThrottleState } from "~/features/accounts/sign-in/login-throttle";

const MIN = 60_000;

function fail(times: number, start = 0, step = 1000): ThrottleState & { tripped: boolean } {
  let state: (ThrottleState & { tripped: boolean }) | null = null;
  for (let i = 0; i < times; i++) state = afterFailure(state, start + i * step);
  return state!;
}

describe("the per-account sign-in budget", () => {
  it("lets 4 failures through freely and trips on the 5th, once", () => {
    expect(fail(4).blockedUntil).toBe(0);
    expect(fail(4).tripped).toBe(false);
    const fifth = fail(5);
    expect(fifth.tripped).toBe(true);
    expect(fifth.blockedUntil).toBe(4000 + MIN);
    expect(fail(6).tripped).toBe(false);
  });

  it("doubles the wait with each further failure, up to an hour", () => {
    expect(fail(6).blockedUntil - 5000).toBe(2 * MIN);
    expect(fail(7).blockedUntil - 6000).toBe(4 * MIN);
    expect(fail(20).blockedUntil - 19000).toBe(MAX_DELAY_MS);
  });

  it("blocks only until the wait is over", () => {
    const state = fail(5);
    expect(isBlocked(state, state.blockedUntil - 1)).toBe(true);
    expect(isBlocked(state, state.blockedUntil)).toBe(false);
    expect(isBlocked(null, 0)).toBe(false);
  });

  it("starts a new window after 15 minutes without counting the old failures", () => {
    const old = fail(4);
    const later = afterFailure(old, old.windowStart + FAILURE_WINDOW_MS + 1);
    expect(later.failures).toBe(1);
    expect(later.blockedUntil).toBe(0);
  });
});
