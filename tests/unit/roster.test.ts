// The roster's rules (docs/decisions/0060-agency-roster.md): a shift overrides the weekly hours for its NZ date
// (app/core/roster.ts), and the roster page's editing (app/features/agencies/roster.ts).
import { describe, expect, it } from "vitest";
import { nzWallTime } from "~/platform/time/nz-time";
import { availabilityLine, availableAt, emptySchedule } from "~/core/weekly-schedule";
import type { TimeRange, WeeklySchedule } from "~/core/weekly-schedule";
import { cardShift, cardShiftText, hoursToday, rosterHours, shiftsFrom } from "~/core/roster";
import type { Shift } from "~/core/roster";
import {
  cellField,
  parseWeek,
  patternOf,
  readCell,
  readPattern,
  readWeekForm,
  rosterChanges,
  ROSTER_MSG,
  templateName,
  weekBounds,
  weekFromPattern,
} from "~/features/agencies/roster";
import type { Cell } from "~/features/agencies/roster";

function week(days: Partial<Record<number, TimeRange[]>>): WeeklySchedule {
  return emptySchedule().map((_, d) => days[d] ?? []);
}
/** An NZ wall-clock instant: date and 'HH:MM'. */
const nz = (date: string, time: string) => {
  const [h, m] = time.split(":").map(Number);
  return nzWallTime(date, h * 60 + m);
};

// 2026-12-04 is a Friday (weekday 4); Saturday 5, Sunday 6.
const FRIDAY = "2026-12-04";
const weekdays = week({ 4: [{ start: "10:00", end: "16:00" }], 5: [{ start: "10:00", end: "16:00" }] });

describe("a shift overrides the weekly hours for its date", () => {
  it("a date with a shift has only the shift's hours; other dates keep their weekday's", () => {
    const hours = rosterHours(weekdays, [{ date: FRIDAY, start: "18:00", end: "02:00" }]);
    expect(hours(FRIDAY)).toEqual([{ start: "18:00", end: "02:00" }]);
    expect(hours("2026-12-05")).toEqual([{ start: "10:00", end: "16:00" }]);
    // The same weekday a week later is not rostered.
    expect(hours("2026-12-11")).toEqual([{ start: "10:00", end: "16:00" }]);
  });

  it("'off' leaves the date without hours, even where the weekly hours had some", () => {
    const shifts: Shift[] = [{ date: FRIDAY, start: null, end: null }];
    expect(rosterHours(weekdays, shifts)(FRIDAY)).toEqual([]);
    expect(hoursToday(weekdays, shifts, nz(FRIDAY, "12:00"))).toEqual([]);
    expect(availableAt(weekdays, nz(FRIDAY, "12:00"), rosterHours(weekdays, shifts))).toBe(false);
    // Without the roster she would be working then.
    expect(availableAt(weekdays, nz(FRIDAY, "12:00"))).toBe(true);
    expect(availabilityLine(weekdays, nz(FRIDAY, "09:00"), rosterHours(weekdays, shifts))).toMatchObject({
      kind: "next",
      text: "Next available Saturday",
    });
  });

  it("a shift on a day without weekly hours makes her available that day", () => {
    const hours = rosterHours(emptySchedule(), [{ date: FRIDAY, start: "18:00", end: "23:00" }]);
    expect(availabilityLine(emptySchedule(), nz(FRIDAY, "12:00"), hours)).toEqual({
      kind: "today",
      text: "Available today 18:00–23:00",
      now: false,
    });
    expect(availableAt(emptySchedule(), nz(FRIDAY, "19:00"), hours)).toBe(true);
  });

  it("an overnight shift runs past midnight into the next date, then ends", () => {
    const hours = rosterHours(emptySchedule(), [{ date: FRIDAY, start: "18:00", end: "02:00" }]);
    expect(availableAt(emptySchedule(), nz(FRIDAY, "23:30"), hours)).toBe(true);
    expect(availableAt(emptySchedule(), nz("2026-12-05", "01:30"), hours)).toBe(true);
    expect(availableAt(emptySchedule(), nz("2026-12-05", "02:00"), hours)).toBe(false);
    // Saturday 01:30 still shows Friday's shift as today's availability.
    expect(availabilityLine(emptySchedule(), nz("2026-12-05", "01:30"), hours)).toMatchObject({
      kind: "today",
      text: "Available today 18:00–02:00",
      now: true,
    });
  });

  it("'off' the day after an overnight weekly range does not cut that range's tail", () => {
    const friNight = week({ 4: [{ start: "20:00", end: "03:00" }] });
    const hours = rosterHours(friNight, [{ date: "2026-12-05", start: null, end: null }]);
    expect(availableAt(friNight, nz("2026-12-05", "02:00"), hours)).toBe(true);
  });

  it("keeps wall-clock times across the spring change (27 Sep 2026: 02:00 becomes 03:00)", () => {
    // Saturday 26 Sep 2026, 20:00 to 02:30 on the wall clock: the clocks skip 02:00-03:00 that night.
    const sat = "2026-09-26";
    const hours = rosterHours(emptySchedule(), [{ date: sat, start: "20:00", end: "02:30" }]);
    expect(availableAt(emptySchedule(), nz(sat, "21:00"), hours)).toBe(true);
    // 01:59 NZST is still inside the shift; the next minute on the wall clock is 03:00 NZDT, past its end.
    expect(availableAt(emptySchedule(), nz("2026-09-27", "01:59"), hours)).toBe(true);
    expect(availableAt(emptySchedule(), nz("2026-09-27", "01:59") + 60_000, hours)).toBe(false);
    expect(availabilityLine(emptySchedule(), nz("2026-09-27", "03:10"), hours)).toEqual({ kind: "none" });
  });

  it("keeps wall-clock times across the autumn change (5 Apr 2026: 03:00 becomes 02:00)", () => {
    const sat = "2026-04-04";
    const hours = rosterHours(emptySchedule(), [{ date: sat, start: "22:00", end: "02:30" }]);
    // 02:15 happens twice that night; both are inside the shift.
    const first = nz("2026-04-05", "02:15");
    expect(availableAt(emptySchedule(), first, hours)).toBe(true);
    expect(availableAt(emptySchedule(), first + 3_600_000, hours)).toBe(true);
    expect(availableAt(emptySchedule(), nz("2026-04-05", "02:45"), hours)).toBe(false);
  });

  it("a profile keeps shifts from yesterday's NZ date on", () => {
    expect(shiftsFrom(nz("2026-12-01", "00:30"))).toBe("2026-11-30");
  });
});

describe("the card's line", () => {
  it("reads the grid's text column", () => {
    expect(cardShift(null)).toBeNull();
    expect(cardShift("18:00|02:00")).toEqual({ start: "18:00", end: "02:00" });
    expect(cardShift("|")).toBe("off");
    expect(cardShiftText({ start: "18:00", end: "02:00" })).toBe("Working today 18:00–02:00");
    expect(cardShiftText("off")).toBe("Not working today");
  });
});

describe("the roster page's editing", () => {
  it("reads a cell: off wins, both empty is no shift, an end before the start is overnight", () => {
    expect(readCell({ start: "18:00", end: "02:00", off: false })).toEqual({ cell: { start: "18:00", end: "02:00" } });
    expect(readCell({ start: "18:00", end: "02:00", off: true })).toEqual({ cell: "off" });
    expect(readCell({ start: " ", end: "", off: false })).toEqual({ cell: null });
    expect(readCell({ start: "18:00", end: "24:00", off: false })).toEqual({ cell: { start: "18:00", end: "24:00" } });
  });

  it("refuses half a shift, garbled times and a shift of no length, beside the field at fault", () => {
    expect(readCell({ start: "18:00", end: "", off: false })).toEqual({ error: ROSTER_MSG.missing, part: "end" });
    expect(readCell({ start: "", end: "02:00", off: false })).toEqual({ error: ROSTER_MSG.missing, part: "start" });
    expect(readCell({ start: "6pm", end: "02:00", off: false })).toEqual({ error: ROSTER_MSG.badTime, part: "start" });
    expect(readCell({ start: "18:00", end: "25:00", off: false })).toEqual({ error: ROSTER_MSG.badEnd, part: "end" });
    expect(readCell({ start: "24:00", end: "02:00", off: false })).toEqual({
      error: ROSTER_MSG.badTime,
      part: "start",
    });
    expect(readCell({ start: "18:00", end: "18:00", off: false })).toEqual({
      error: ROSTER_MSG.sameTimes,
      part: "end",
    });
    expect(readCell({ start: "00:00", end: "24:00", off: false })).toEqual({
      error: ROSTER_MSG.sameTimes,
      part: "end",
    });
  });

  it("shows last week to eight weeks ahead, by Monday", () => {
    const today = "2026-12-03"; // a Thursday
    expect(weekBounds(today)).toEqual({ first: "2026-11-23", last: "2027-01-25" });
    expect(parseWeek(null, today)).toBe("2026-11-30");
    expect(parseWeek("2026-12-06", today)).toBe("2026-11-30");
    expect(parseWeek("2026-11-23", today)).toBe("2026-11-23");
    expect(parseWeek("2026-11-22", today)).toBeNull();
    expect(parseWeek("2027-02-01", today)).toBeNull();
    expect(parseWeek("2026-02-30", today)).toBeNull();
    expect(parseWeek("next", today)).toBeNull();
  });

  it("reads the week form's cells and keeps what was typed with each error", () => {
    const form = new FormData();
    form.set(cellField("a", "2026-11-30", "start"), "18:00");
    form.set(cellField("a", "2026-11-30", "end"), "02:00");
    form.set(cellField("a", "2026-12-01", "off"), "on");
    form.set(cellField("a", "2026-12-02", "start"), "9");
    form.set(cellField("a", "2026-12-02", "end"), "17:00");
    const read = readWeekForm(form, ["a"], "2026-11-30");
    expect(read.cells.get("a|2026-11-30")).toEqual({ start: "18:00", end: "02:00" });
    expect(read.cells.get("a|2026-12-01")).toBe("off");
    expect(read.cells.get("a|2026-12-03")).toBeNull();
    expect(read.cells.has("a|2026-12-02")).toBe(false);
    expect(read.errors).toEqual({ [cellField("a", "2026-12-02", "start")]: ROSTER_MSG.badTime });
    expect(read.values[cellField("a", "2026-12-02", "start")]).toBe("9");
  });

  it("writes only the cells that change", () => {
    const stored = [
      { listingId: "a", date: "2026-11-30", start: "18:00", end: "02:00" },
      { listingId: "a", date: "2026-12-01", start: null, end: null },
      { listingId: "a", date: "2026-12-02", start: "10:00", end: "16:00" },
    ];
    const wanted = new Map<string, Cell>([
      ["a|2026-11-30", { start: "18:00", end: "02:00" }],
      ["a|2026-12-01", null],
      ["a|2026-12-02", { start: "10:00", end: "17:00" }],
      ["a|2026-12-03", "off"],
      ["a|2026-12-04", null],
    ]);
    expect(rosterChanges(stored, wanted)).toEqual({
      put: [
        { listingId: "a", date: "2026-12-02", start: "10:00", end: "17:00" },
        { listingId: "a", date: "2026-12-03", start: null, end: null },
      ],
      remove: [{ listingId: "a", date: "2026-12-01" }],
    });
  });

  it("a template keeps a week's pattern and gives it to another week, for listings still the agency's", () => {
    const shifts = [
      { listingId: "a", date: "2026-11-30", start: "18:00", end: "02:00" },
      { listingId: "a", date: "2026-12-06", start: null, end: null },
      { listingId: "b", date: "2026-12-02", start: "10:00", end: "16:00" },
    ];
    const pattern = patternOf(shifts, "2026-11-30", ["a", "b", "c"]);
    expect(Object.keys(pattern)).toEqual(["a", "b"]);
    expect(readPattern(JSON.stringify(pattern))).toEqual(pattern);
    const next = weekFromPattern(pattern, "2026-12-07", ["a", "c"]);
    expect(next.get("a|2026-12-07")).toEqual({ start: "18:00", end: "02:00" });
    expect(next.get("a|2026-12-13")).toBe("off");
    expect(next.get("a|2026-12-08")).toBeNull();
    expect([...next.keys()].some((k) => k.startsWith("b|") || k.startsWith("c|"))).toBe(false);
    expect(readPattern("{not json")).toEqual({});
    expect(readPattern(JSON.stringify({ a: [{ start: "x", end: "y" }, 1, 2, 3, 4, 5, "off"] }))).toEqual({
      a: [null, null, null, null, null, null, "off"],
    });
  });

  it("names a template", () => {
    expect(templateName("  Summer   week ")).toBe("Summer week");
    expect(templateName("   ")).toBeNull();
    expect(templateName("x".repeat(41))).toBeNull();
  });
});
