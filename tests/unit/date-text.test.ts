// Every date the app writes comes from app/platform/time (date-text.ts, short-dates.ts): one moment reads the
// same on every screen, e-mail and export, in New Zealand time whatever the server's zone.
import { describe, expect, it, vi } from "vitest";
import {
  dayLabel,
  formatLocalTime,
  formatNzDate,
  formatNzDeadline,
  formatNzTime,
  monthLabel,
} from "~/platform/time/date-text";
import { shortDate, shortDateRange } from "~/platform/time/short-dates";

// 01:05 UTC on 27 November 2026 is 2:05 pm on Friday in Auckland (NZDT, UTC+13).
const SUMMER = Date.UTC(2026, 10, 27, 1, 5);
// 20:30 UTC on 1 July 2026 is 8:30 am on Thursday 2 July in Auckland (NZST, UTC+12).
const WINTER = Date.UTC(2026, 6, 1, 20, 30);

describe("date text", () => {
  it("writes a day in NZ as receipts and renewals do", () => {
    expect(formatNzDate(SUMMER)).toBe("27 November 2026");
    expect(formatNzDate(WINTER)).toBe("2 July 2026");
  });

  it("writes a moment in NZ as logs and account pages list it", () => {
    expect(formatNzTime(SUMMER)).toBe("27 Nov 2026, 2:05 pm");
    expect(formatNzTime(WINTER)).toBe("2 Jul 2026, 8:30 am");
  });

  it("writes a deadline with its weekday, to the minute", () => {
    expect(formatNzDeadline(SUMMER)).toBe("Friday, 27 November at 2:05 pm");
    expect(formatNzDeadline(WINTER)).toBe("Thursday, 2 July at 8:30 am");
  });

  it("names a calendar month, and leaves a malformed one as it came", () => {
    expect(monthLabel("2026-11")).toBe("November 2026");
    expect(monthLabel("soon")).toBe("soon");
  });

  it("writes a draft's time in the browser's own zone", () => {
    const local = new Date(SUMMER).toLocaleString("en-NZ", { dateStyle: "medium", timeStyle: "short" });
    expect(formatLocalTime(SUMMER)).toBe(local);
  });

  it("writes NZ calendar dates short, as directories do", () => {
    expect(shortDate("2026-12-05")).toBe("5 Dec");
    expect(shortDateRange("2026-11-28", "2026-12-02")).toBe("28 Nov–2 Dec");
  });
});

describe("dayLabel", () => {
  it("writes a calendar day as people read it, the same in every zone, and leaves anything else as it is", () => {
    expect(dayLabel("2026-11-20")).toBe("20 November 2026");
    expect(dayLabel("2026-01-01")).toBe("1 January 2026");
    expect(dayLabel("not a day")).toBe("not a day");
  });
});

describe("date formats are made once, not on every call (a dashboard writes dozens of dates)", () => {
  it("writes through kept formatters, never Date's toLocale* (each call of which builds a new one)", () => {
    const spies = [
      vi.spyOn(Date.prototype, "toLocaleString"),
      vi.spyOn(Date.prototype, "toLocaleDateString"),
      vi.spyOn(Date.prototype, "toLocaleTimeString"),
    ];
    try {
      const ms = Date.UTC(2026, 10, 27, 1, 5);
      for (let i = 0; i < 3; i++) {
        expect(formatNzDate(ms)).toBe("27 November 2026");
        formatNzTime(ms);
        formatNzDeadline(ms);
        formatLocalTime(ms);
        expect(monthLabel("2026-11")).toBe("November 2026");
        expect(dayLabel("2026-11-20")).toBe("20 November 2026");
      }
      for (const spy of spies) expect(spy).not.toHaveBeenCalled();
    } finally {
      for (const spy of spies) spy.mockRestore();
    }
  });

  it("writes what toLocaleString wrote for a date that is none", () => {
    expect(formatNzDate(Number.NaN)).toBe("Invalid Date");
    expect(formatNzTime(Number.NaN)).toBe("Invalid Date");
  });
});
