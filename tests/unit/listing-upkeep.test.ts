import { describe, expect, it } from "vitest";
import {
  CONFIRM_WITHIN_DAYS,
  hidesAt,
  isPaused,
  PAUSE_MSG,
  pauseEnd,
  pausedLine,
  reminderDueAt,
  STALE_AFTER_DAYS,
  staleState,
} from "~/features/listings/upkeep";
import type { StaleFields } from "~/features/listings/upkeep";

const DAY = 86_400_000;
const today = "2026-11-23";

describe("taking a break", () => {
  it("ends at the NZ midnight that starts the chosen date, or never", () => {
    expect(pauseEnd("2026-12-05", today)).toEqual({ ok: true, until: Date.parse("2026-12-05T00:00:00+13:00") });
    // In winter NZ is twelve hours ahead.
    expect(pauseEnd("2027-05-01", today)).toEqual({ ok: true, until: Date.parse("2027-05-01T00:00:00+12:00") });
    expect(pauseEnd(" ", today)).toEqual({ ok: true, until: null });
  });

  it("refuses a date that is not after today, not a date, or too far ahead", () => {
    expect(pauseEnd(today, today)).toEqual({ ok: false, error: PAUSE_MSG.notFuture });
    expect(pauseEnd("2026-11-01", today)).toEqual({ ok: false, error: PAUSE_MSG.notFuture });
    expect(pauseEnd("tomorrow", today)).toEqual({ ok: false, error: PAUSE_MSG.date });
    expect(pauseEnd("2026-11-31", today)).toEqual({ ok: false, error: PAUSE_MSG.date });
    expect(pauseEnd("2027-06-01", today)).toEqual({ ok: false, error: PAUSE_MSG.tooFar });
  });

  it("is over by the clock alone, and tells the owner when it ends", () => {
    const now = Date.parse("2026-11-23T12:00:00+13:00");
    const until = Date.parse("2026-12-05T00:00:00+13:00");
    const pause = { pausedAt: now, pausedUntil: until };
    expect(isPaused(pause, now)).toBe(true);
    expect(isPaused(pause, until - 1)).toBe(true);
    expect(isPaused(pause, until)).toBe(false);
    expect(isPaused({ pausedAt: now, pausedUntil: null }, now + 1000 * DAY)).toBe(true);
    expect(isPaused({ pausedAt: null, pausedUntil: null }, now)).toBe(false);
    expect(pausedLine(pause, now)).toBe("Paused until 5 Dec");
    expect(pausedLine({ pausedAt: now, pausedUntil: null }, now)).toBe("Paused until you resume");
    expect(pausedLine(pause, until)).toBeNull();
  });
});

describe("the stale-listing check, on a fake clock", () => {
  const saved = Date.parse("2026-10-01T09:00:00+13:00");

  it("walks fresh → reminder-due → reminded → hidden", () => {
    let f: StaleFields = { confirmedAt: saved, remindedAt: null };
    expect(staleState(f, saved)).toBe("fresh");
    expect(staleState(f, reminderDueAt(saved) - 1)).toBe("fresh");
    expect(staleState(f, reminderDueAt(saved))).toBe("reminder-due");
    expect(reminderDueAt(saved) - saved).toBe(STALE_AFTER_DAYS * DAY);
    // The cron sends the e-mail a little after it fell due.
    const sent = reminderDueAt(saved) + 3_600_000;
    f = { ...f, remindedAt: sent };
    expect(staleState(f, sent)).toBe("reminded");
    expect(staleState(f, hidesAt(sent) - 1)).toBe("reminded");
    expect(staleState(f, hidesAt(sent))).toBe("hidden");
    expect(hidesAt(sent) - sent).toBe(CONFIRM_WITHIN_DAYS * DAY);
    expect(staleState(f, hidesAt(sent) + 365 * DAY)).toBe("hidden");
  });

  it("goes back to fresh on a confirmation or a save, whether reminded or hidden", () => {
    const sent = reminderDueAt(saved);
    for (const at of [sent + DAY, hidesAt(sent) + DAY]) {
      const f = { confirmedAt: at, remindedAt: sent };
      expect(staleState(f, at)).toBe("fresh");
      // And the next round starts 30 days after that confirmation.
      expect(staleState(f, reminderDueAt(at))).toBe("reminder-due");
    }
  });
});
