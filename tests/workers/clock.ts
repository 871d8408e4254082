// A time of day for the tests that count in NZ days. The Worker under test runs in the tests' isolate
// (vitest-pool-workers), so its Date is theirs: a test that sends a view and then reads "today's" row, or
// spends a day's budget, would read another day's if NZ midnight fell between the two (once in a long while,
// and always on a run that starts just before midnight). Such a test runs on a clock set to 06:00 NZ of the
// real day and moving on in real time: six hours from NZ midnight, five or more from UTC midnight and three
// from the hours NZ's clocks change, farther than any test takes. Only Date is moved: timers, D1 and the rate
// limiters keep real time.
import { afterEach, beforeEach } from "vitest";
import { nzDate, nzWallTime } from "~/platform/time/nz-time";

/** 06:00 in New Zealand on today's NZ date. */
export function nzMorning(now = Date.now()): number {
  return nzWallTime(nzDate(now), 6 * 60);
}

/**
 * Every test of the file (or describe) that calls this runs on a clock that starts at 06:00 NZ today. Date is
 * replaced by one shifted by a fixed offset, so it moves on exactly as the real one does (a fake clock ticked
 * by a timer falls behind on a loaded machine, and tests that time a window would see too little pass).
 */
export function onNzMorningClock(): void {
  onClockFrom(() => nzMorning());
}

/** Every test of the file (or describe) that calls this runs on a clock that starts at `start()`, as above. */
export function onClockFrom(start: () => number): void {
  let restore: (() => void) | null = null;
  beforeEach(() => {
    restore = shiftDate(start() - Date.now());
  });
  afterEach(() => {
    restore?.();
    restore = null;
  });
}

/**
 * Replaces Date with one `offsetMs` away from the real clock and moving on with it; answers what puts the real
 * one back. The Worker under test shares the tests' isolate, so its clock moves too.
 */
export function shiftDate(offsetMs: number): () => void {
  const Real = Date;
  class Shifted extends Real {
    constructor(...args: unknown[]) {
      if (args.length === 0) super(Real.now() + offsetMs);
      else super(...(args as [string | number | Date]));
    }
    static now(): number {
      return Real.now() + offsetMs;
    }
  }
  globalThis.Date = Shifted as DateConstructor;
  return () => {
    globalThis.Date = Real;
  };
}
