import { describe, expect, it } from "vitest";
import {
  addDays,
  daysBetween,
  isCalendarDate,
  nzClock,
  nzDayStart,
  shortDateRange,
  weekdayOf,
} from "~/platform/time/nz-time";
import {
  availabilityLine,
  availableAt,
  availableDaysMask,
  emptySchedule,
  readStoredSchedule,
  scheduleFromForm,
  SCHEDULE_MSG,
  validateSchedule,
} from "~/core/weekly-schedule";
import type { TimeRange, WeeklySchedule } from "~/core/weekly-schedule";

const at = (iso: string) => Date.parse(iso);
const HOUR = 3_600_000;

/** A schedule with the given ranges on the given weekdays (0 is Monday). */
function week(days: Partial<Record<number, TimeRange[]>>): WeeklySchedule {
  return emptySchedule().map((_, d) => days[d] ?? []);
}

describe("NZ wall clock across both daylight-saving changes (2026)", () => {
  it("DST ends on Sunday 5 April: 02:00-03:00 happens twice and the day lasts 25 hours", () => {
    expect(nzClock(at("2026-04-04T13:59:00Z"))).toEqual({ date: "2026-04-05", weekday: 6, minutes: 2 * 60 + 59 });
    expect(nzClock(at("2026-04-04T14:00:00Z"))).toEqual({ date: "2026-04-05", weekday: 6, minutes: 2 * 60 });
    expect(nzDayStart("2026-04-05")).toBe(at("2026-04-04T11:00:00Z"));
    expect(nzDayStart("2026-04-06")).toBe(at("2026-04-05T12:00:00Z"));
    expect(nzDayStart("2026-04-06") - nzDayStart("2026-04-05")).toBe(25 * HOUR);
  });

  it("DST starts on Sunday 27 September: 02:00-03:00 never happens and the day lasts 23 hours", () => {
    expect(nzClock(at("2026-09-26T13:59:00Z")).minutes).toBe(1 * 60 + 59);
    expect(nzClock(at("2026-09-26T14:00:00Z")).minutes).toBe(3 * 60);
    expect(nzDayStart("2026-09-27")).toBe(at("2026-09-26T12:00:00Z"));
    expect(nzDayStart("2026-09-28")).toBe(at("2026-09-27T11:00:00Z"));
    expect(nzDayStart("2026-09-28") - nzDayStart("2026-09-27")).toBe(23 * HOUR);
  });

  it("every date of a year has its midnight at NZ 00:00", () => {
    for (let date = "2026-01-01"; date < "2027-01-01"; date = addDays(date, 1)) {
      expect(nzClock(nzDayStart(date))).toMatchObject({ date, minutes: 0 });
      expect(nzClock(nzDayStart(date) - 60_000).date).toBe(addDays(date, -1));
    }
  });

  it("does calendar arithmetic on dates", () => {
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
    expect(addDays("2028-03-01", -1)).toBe("2028-02-29");
    expect(daysBetween("2026-11-23", "2026-12-05")).toBe(12);
    expect(weekdayOf("2026-11-23")).toBe(0);
    expect(isCalendarDate("2026-02-29")).toBe(false);
    expect(isCalendarDate("2028-02-29")).toBe(true);
    expect(isCalendarDate("2026-13-01")).toBe(false);
    expect(isCalendarDate("5 Dec")).toBe(false);
    expect(shortDateRange("2026-12-03", "2026-12-05")).toBe("3–5 Dec");
    expect(shortDateRange("2026-11-28", "2026-12-02")).toBe("28 Nov–2 Dec");
    expect(shortDateRange("2026-12-03", "2026-12-03")).toBe("3 Dec");
  });
});

describe("validateSchedule", () => {
  it("accepts none, one or two ranges a day, overnight ranges and an end of 24:00", () => {
    const ok = week({
      0: [{ start: "10:00", end: "22:00" }],
      4: [
        { start: "10:00", end: "14:00" },
        { start: "20:00", end: "02:00" },
      ],
      5: [{ start: "09:00", end: "24:00" }],
    });
    expect(validateSchedule(ok)).toEqual({});
  });

  it("says what is wrong beside the field", () => {
    expect(validateSchedule(week({ 1: [{ start: "25:00", end: "26:00" }] }))).toEqual({
      "schedule.1.0.start": SCHEDULE_MSG.badTime,
      "schedule.1.0.end": SCHEDULE_MSG.badEnd,
    });
    expect(validateSchedule(week({ 1: [{ start: "24:00", end: "10:00" }] }))).toEqual({
      "schedule.1.0.start": SCHEDULE_MSG.badTime,
    });
    expect(validateSchedule(week({ 1: [{ start: "9:00", end: "10:00" }] }))).toHaveProperty("schedule.1.0.start");
    expect(validateSchedule(week({ 2: [{ start: "10:00", end: "10:00" }] }))).toEqual({
      "schedule.2.0.end": SCHEDULE_MSG.sameTimes,
    });
    expect(validateSchedule(week({ 2: [{ start: "10:00", end: "" }] }))).toEqual({
      "schedule.2.0.end": SCHEDULE_MSG.missing,
    });
    const three = [
      { start: "01:00", end: "02:00" },
      { start: "03:00", end: "04:00" },
      { start: "05:00", end: "06:00" },
    ];
    expect(validateSchedule(week({ 3: three }))).toHaveProperty("schedule.3", SCHEDULE_MSG.tooMany);
  });

  it("refuses overlaps within a day and an overnight range running into the next day's hours", () => {
    const overlap = week({
      0: [
        { start: "10:00", end: "15:00" },
        { start: "14:00", end: "18:00" },
      ],
    });
    expect(validateSchedule(overlap)).toEqual({ "schedule.0.1.start": SCHEDULE_MSG.overlap });
    const intoSaturday = week({ 4: [{ start: "20:00", end: "03:00" }], 5: [{ start: "02:00", end: "06:00" }] });
    expect(validateSchedule(intoSaturday)).toEqual({ "schedule.4.0.end": SCHEDULE_MSG.overlapNextDay("Saturday") });
    // Sunday's overnight range runs into Monday.
    const intoMonday = week({ 6: [{ start: "22:00", end: "01:00" }], 0: [{ start: "00:30", end: "05:00" }] });
    expect(validateSchedule(intoMonday)).toEqual({ "schedule.6.0.end": SCHEDULE_MSG.overlapNextDay("Monday") });
    // Touching is not overlapping.
    const touching = week({ 4: [{ start: "20:00", end: "02:00" }], 5: [{ start: "02:00", end: "06:00" }] });
    expect(validateSchedule(touching)).toEqual({});
  });
});

describe("reading schedules", () => {
  it("reads the editor's fields, skipping wholly blank ranges", () => {
    const form = new FormData();
    form.set("schedule.0.0.start", "10:00");
    form.set("schedule.0.0.end", "22:00");
    form.set("schedule.0.1.start", " ");
    form.set("schedule.2.1.start", "09:00");
    form.set("schedule.9.0.start", "09:00");
    expect(scheduleFromForm(form)).toEqual(
      week({ 0: [{ start: "10:00", end: "22:00" }], 2: [{ start: "09:00", end: "" }] }),
    );
  });

  it("reads a bad stored value as no schedule, never throwing", () => {
    for (const bad of ["", "nope", "{}", "[]", JSON.stringify([[{ start: "25:00", end: "1" }]]), null])
      expect(readStoredSchedule(bad)).toEqual(emptySchedule());
    const good = week({ 1: [{ start: "10:00", end: "22:00" }] });
    expect(readStoredSchedule(JSON.stringify(good))).toEqual(good);
  });
});

describe("availability at an instant", () => {
  // Monday 23 November 2026 (NZDT, UTC+13).
  const monday = (hhmm: string) => at(`2026-11-23T${hhmm}:00+13:00`);
  const schedule = week({
    0: [{ start: "10:00", end: "22:00" }],
    1: [{ start: "20:00", end: "02:00" }],
    4: [{ start: "12:00", end: "16:00" }],
  });

  it("says 'Available today' while today still has hours ahead", () => {
    expect(availabilityLine(schedule, monday("08:00"))).toEqual({
      kind: "today",
      text: "Available today 10:00–22:00",
      now: false,
    });
    expect(availabilityLine(schedule, monday("12:00"))).toMatchObject({ kind: "today", now: true });
  });

  it("says 'Next available' with the weekday once today is over", () => {
    expect(availabilityLine(schedule, monday("22:00"))).toEqual({
      kind: "next",
      text: "Next available Tuesday",
      weekday: 1,
    });
    // Friday after its hours: the next is Monday, across the weekend.
    expect(availabilityLine(schedule, at("2026-11-27T17:00:00+13:00"))).toMatchObject({
      text: "Next available Monday",
    });
    expect(availabilityLine(emptySchedule(), monday("12:00"))).toEqual({ kind: "none" });
  });

  it("carries an overnight range into the next morning", () => {
    const wednesday1am = at("2026-11-25T01:00:00+13:00");
    expect(availableAt(schedule, wednesday1am)).toBe(true);
    expect(availabilityLine(schedule, wednesday1am)).toMatchObject({ kind: "today", now: true });
    expect(availableAt(schedule, at("2026-11-25T02:00:00+13:00"))).toBe(false);
    // Monday, Tuesday and Friday: the hours after Tuesday's midnight are not Wednesday's own.
    expect(availableDaysMask(schedule)).toBe(0b10011);
  });

  it("reads the wall clock on both daylight-saving Sundays", () => {
    const sunday = week({ 6: [{ start: "01:00", end: "04:00" }] });
    // 5 April 2026: 02:30 happens twice, both inside the range; 04:00 NZST is 16:00Z.
    expect(availableAt(sunday, at("2026-04-04T13:30:00Z"))).toBe(true);
    expect(availableAt(sunday, at("2026-04-04T14:30:00Z"))).toBe(true);
    expect(availableAt(sunday, at("2026-04-04T15:59:00Z"))).toBe(true);
    expect(availableAt(sunday, at("2026-04-04T16:00:00Z"))).toBe(false);
    // 27 September 2026: 04:00 NZDT is 15:00Z, an hour earlier than on the April Sunday.
    expect(availableAt(sunday, at("2026-09-26T14:59:00Z"))).toBe(true);
    expect(availableAt(sunday, at("2026-09-26T15:00:00Z"))).toBe(false);
  });
});
