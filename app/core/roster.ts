// An agency's roster as every reader of a listing sees it (docs/decisions/0060-agency-roster.md): a shift for one
// NZ date overrides the listing's weekly hours for that date, on the profile, the card and the grids' 'Available
// today'. A shift is one range on the NZ wall clock, read like a weekly range (an end at or before its start runs
// past midnight: 18:00–02:00 works until 2 am the next day), or 'off' that whole date. A date without a shift
// keeps its weekday's weekly hours.
import { addDays, nzDate } from "~/platform/time/nz-time";
import { formatRange, weeklyHours } from "./weekly-schedule";
import type { DayHours, TimeRange, WeeklySchedule } from "./weekly-schedule";

/** One listing's shift on one NZ date (YYYY-MM-DD); start and end both null: off that day. */
export type Shift = { date: string; start: string | null; end: string | null };

/** The card's line for today, where the grid reads it: the shift's range, 'off', or null (no shift today). */
export type CardShift = { start: string; end: string } | "off";

export const isOff = (shift: Pick<Shift, "start" | "end">): boolean => shift.start === null || shift.end === null;

/** A date's hours: its shift when it has one (none when off), else its weekday's weekly hours. */
export function rosterHours(schedule: WeeklySchedule, shifts: readonly Shift[]): DayHours {
  const byDate = new Map(shifts.map((s) => [s.date, s]));
  const weekly = weeklyHours(schedule);
  return (date) => {
    const shift = byDate.get(date);
    if (!shift) return weekly(date);
    return isOff(shift) ? [] : [{ start: shift.start!, end: shift.end! }];
  };
}

/** The hours of the NZ date of an instant, after the roster. */
export function hoursToday(schedule: WeeklySchedule, shifts: readonly Shift[], nowMs: number): TimeRange[] {
  return rosterHours(schedule, shifts)(nzDate(nowMs));
}

/** The shifts a profile keeps: from yesterday on (an overnight shift of yesterday may still be running). */
export function shiftsFrom(nowMs: number): string {
  return addDays(nzDate(nowMs), -1);
}

/** A card's shift from the text the grid reads ('HH:MM|HH:MM', '|' for off; null for no shift). */
export function cardShift(text: string | null | undefined): CardShift | null {
  if (text === null || text === undefined) return null;
  const [start, end] = text.split("|");
  return start && end ? { start, end } : "off";
}

/** 'Working today 18:00–02:00', or 'Not working today' for a day off. */
export function cardShiftText(shift: CardShift): string {
  return shift === "off" ? "Not working today" : `Working today ${formatRange(shift)}`;
}
