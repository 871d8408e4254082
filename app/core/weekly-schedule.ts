// A listing's weekly availability: per weekday none, one or two time ranges on the NZ wall clock.
//
// Ranges across midnight are allowed, because evening work runs past it: a range whose end is at or before
// its start ends on the next day ("Friday 20:00–02:00" is available until 2 am Saturday). The end "24:00"
// means the end of the day itself. Times are wall-clock NZ times, so "10:00" is ten in the morning on both
// sides of a daylight-saving change; a range over the change simply lasts an hour more or less.
import { addDays, nzClock, WEEKDAYS, weekdayOf } from "~/platform/time/nz-time";
import type { Weekday } from "~/platform/time/nz-time";

export type TimeRange = { start: string; end: string };
/** Index 0 is Monday. */
export type WeeklySchedule = TimeRange[][];

export const MAX_RANGES_PER_DAY = 2;
const DAY_MINUTES = 24 * 60;

export const SCHEDULE_MSG = {
  badTime: "Enter a time as HH:MM, from 00:00 to 23:59.",
  badEnd: "Enter a time as HH:MM, from 00:00 to 24:00.",
  sameTimes: "The start and end can't be the same time.",
  tooMany: `At most ${MAX_RANGES_PER_DAY} time ranges a day.`,
  overlap: "This range overlaps another one on the same day.",
  overlapNextDay: (day: string) => `This range runs past midnight into ${day}'s hours.`,
  missing: "Enter both a start and an end time.",
} as const;

const TIME_RE = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** Minutes since midnight of "HH:MM", or null when it is not a wall-clock time. "24:00" only as an end. */
export function parseTime(value: string, asEnd = false): number | null {
  if (asEnd && value === "24:00") return DAY_MINUTES;
  const m = TIME_RE.exec(value);
  return m ? Number(m[1]) * 60 + Number(m[2]) : null;
}

export const emptySchedule = (): WeeklySchedule => WEEKDAYS.map(() => []);

/** A range as minutes from its own day's midnight; an overnight range's end is past 1440. */
function span(range: TimeRange): { from: number; to: number } {
  const from = parseTime(range.start)!;
  const end = parseTime(range.end, true)!;
  return { from, to: end > from ? end : end + DAY_MINUTES };
}

export type ScheduleErrors = Record<string, string>;

/**
 * Checks a schedule from the editor. Errors are keyed like the form's fields, `schedule.{day}.{i}.start`,
 * `schedule.{day}.{i}.end` or `schedule.{day}`, so each message shows beside what caused it.
 */
export function validateSchedule(schedule: WeeklySchedule): ScheduleErrors {
  const errors: ScheduleErrors = {};
  // Each valid range's span, with its index in the day so that messages land beside the right fields.
  const spans: { from: number; to: number; i: number }[][] = WEEKDAYS.map(() => []);
  schedule.forEach((ranges, day) => {
    if (ranges.length > MAX_RANGES_PER_DAY) errors[`schedule.${day}`] = SCHEDULE_MSG.tooMany;
    ranges.forEach((range, i) => {
      const key = `schedule.${day}.${i}`;
      if (!range.start || !range.end) {
        errors[`${key}.${range.start ? "end" : "start"}`] = SCHEDULE_MSG.missing;
        return;
      }
      const from = parseTime(range.start);
      const end = parseTime(range.end, true);
      if (from === null) errors[`${key}.start`] = SCHEDULE_MSG.badTime;
      if (end === null) errors[`${key}.end`] = SCHEDULE_MSG.badEnd;
      if (from === null || end === null) return;
      if (from === end) errors[`${key}.end`] = SCHEDULE_MSG.sameTimes;
      else spans[day].push({ ...span(range), i });
    });
  });
  spans.forEach((mine, day) => {
    for (let k = 1; k < mine.length; k++) {
      if (mine.slice(0, k).some((other) => mine[k].from < other.to && other.from < mine[k].to)) {
        errors[`schedule.${day}.${mine[k].i}.start`] ??= SCHEDULE_MSG.overlap;
      }
    }
    // An overnight range must not run into the next day's own hours.
    const next = ((day + 1) % 7) as Weekday;
    for (const s of mine) {
      if (s.to <= DAY_MINUTES) continue;
      const tail = s.to - DAY_MINUTES;
      if (spans[next].some((other) => other.from < tail)) {
        errors[`schedule.${day}.${s.i}.end`] ??= SCHEDULE_MSG.overlapNextDay(WEEKDAYS[next]);
      }
    }
  });
  return errors;
}

/**
 * A schedule from the editor's fields `schedule.{day}.{i}.start|end` (day 0 is Monday). A range left wholly
 * blank is no range; half a range is kept so that validation can say what is missing.
 */
export function scheduleFromForm(form: FormData): WeeklySchedule {
  return WEEKDAYS.map((_, day) => {
    const ranges: TimeRange[] = [];
    for (let i = 0; i < MAX_RANGES_PER_DAY; i++) {
      const read = (part: string) => String(form.get(`schedule.${day}.${i}.${part}`) ?? "").trim();
      const range = { start: read("start"), end: read("end") };
      if (range.start || range.end) ranges.push(range);
    }
    return ranges;
  });
}

/**
 * A stored schedule (JSON in D1). Anything that is not seven lists of valid, non-overlapping ranges reads as
 * no schedule, so one bad row can never break a profile page.
 */
export function readStoredSchedule(json: string | null | undefined): WeeklySchedule {
  if (!json) return emptySchedule();
  try {
    const value: unknown = JSON.parse(json);
    if (!Array.isArray(value) || value.length !== WEEKDAYS.length) return emptySchedule();
    const schedule = value.map((day: unknown) =>
      Array.isArray(day)
        ? day.map((r: { start?: unknown; end?: unknown }) => ({
            start: String(r?.start ?? ""),
            end: String(r?.end ?? ""),
          }))
        : [],
    );
    return Object.keys(validateSchedule(schedule)).length ? emptySchedule() : schedule;
  } catch {
    return emptySchedule();
  }
}

/**
 * Only the ranges that can be read (both times valid and different): what the editor's live preview draws
 * while the provider is still typing, before validation has had its say.
 */
export function usableRanges(schedule: WeeklySchedule): WeeklySchedule {
  return schedule.map((ranges) =>
    ranges.filter((r) => {
      const from = parseTime(r.start);
      const end = parseTime(r.end, true);
      return from !== null && end !== null && from !== end;
    }),
  );
}

/** What the database keeps: '' for no hours, else the ranges in start order as JSON. */
export function storedSchedule(schedule: WeeklySchedule): string {
  return hasSchedule(schedule) ? JSON.stringify(normaliseSchedule(schedule)) : "";
}

export const hasSchedule = (schedule: WeeklySchedule): boolean => schedule.some((day) => day.length > 0);

/** The same ranges in a fixed order (by start), so equal schedules store and compare equal. */
export function normaliseSchedule(schedule: WeeklySchedule): WeeklySchedule {
  return schedule.map((ranges) => [...ranges].sort((a, b) => parseTime(a.start)! - parseTime(b.start)!));
}

/**
 * Bit d set when weekday d (Monday = bit 0) has hours of its own. Stored beside the schedule so that the
 * 'Available today' filter is one bit test in SQL, not JSON parsing. An overnight range's hours after
 * midnight do not set the next day's bit: Saturday is not a Friday-night provider's day, and the profile
 * says 'Next available Friday' on it once those hours are over.
 */
export function availableDaysMask(schedule: WeeklySchedule): number {
  return schedule.reduce((mask, ranges, day) => (ranges.length ? mask | (1 << day) : mask), 0);
}

/** "10:00–22:00", or "20:00–02:00" for an overnight range. */
export const formatRange = (range: TimeRange): string => `${range.start}–${range.end}`;

/** The hours of one NZ date (YYYY-MM-DD), that day's own ranges (an overnight one runs into the next date). */
export type DayHours = (date: string) => TimeRange[];

/** The weekly hours as a day's hours: each date takes its weekday's ranges. */
export const weeklyHours =
  (schedule: WeeklySchedule): DayHours =>
  (date) =>
    schedule[weekdayOf(date)] ?? [];

export type AvailabilityLine =
  { kind: "today"; text: string; now: boolean } | { kind: "next"; text: string; weekday: Weekday } | { kind: "none" };

/**
 * The profile's one-line summary at an instant: 'Available today 10:00–22:00' while today still has hours
 * ahead (or an overnight range from yesterday is still running), otherwise 'Next available Tuesday'.
 */
export function availabilityLine(
  schedule: WeeklySchedule,
  nowMs: number,
  hoursOn: DayHours = weeklyHours(schedule),
): AvailabilityLine {
  const clock = nzClock(nowMs);
  // Yesterday's overnight range still running counts as today's availability.
  const carried = hoursOn(addDays(clock.date, -1)).filter((r) => span(r).to - DAY_MINUTES > clock.minutes);
  const ahead = hoursOn(clock.date).filter((r) => span(r).to > clock.minutes);
  const shown = [...carried, ...ahead];
  if (shown.length) {
    const text = `Available today ${shown.map(formatRange).join(", ")}`;
    return { kind: "today", text, now: availableAt(schedule, nowMs, hoursOn) };
  }
  for (let i = 1; i <= 7; i++) {
    const date = addDays(clock.date, i);
    const weekday = weekdayOf(date);
    if (hoursOn(date).length) return { kind: "next", text: `Next available ${WEEKDAYS[weekday]}`, weekday };
  }
  return { kind: "none" };
}

/** Whether the hours cover the NZ wall-clock minute of an instant (yesterday's overnight tail included). */
export function availableAt(
  schedule: WeeklySchedule,
  nowMs: number,
  hoursOn: DayHours = weeklyHours(schedule),
): boolean {
  const { date, minutes } = nzClock(nowMs);
  const carried = hoursOn(addDays(date, -1)).some((r) => span(r).to - DAY_MINUTES > minutes);
  return (
    carried ||
    hoursOn(date).some((r) => {
      const s = span(r);
      return s.from <= minutes && minutes < s.to;
    })
  );
}
