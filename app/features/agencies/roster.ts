// The agency's roster page's rules (docs/decisions/0060-agency-roster.md): which weeks it shows, the week form's
// cells, templates and 'copy last week' as changes to the stored shifts. What a shift does to a listing's hours is
// app/core/roster.ts; this module is the editing.
import { addDays, isCalendarDate, weekdayOf } from "~/platform/time/nz-time";
import { parseTime } from "~/core/weekly-schedule";

export const ROSTER_PATH = "/dashboard/roster";

/** Weeks the roster shows and edits: last week (to copy from) up to eight weeks ahead. */
export const WEEKS_BACK = 1;
export const WEEKS_AHEAD = 8;
export const MAX_TEMPLATES = 20;
export const TEMPLATE_NAME_MAX = 40;

export const ROSTER_MSG = {
  missing: "Enter both a start and an end time, or leave both empty.",
  badTime: "Enter a time as HH:MM, from 00:00 to 23:59.",
  badEnd: "Enter a time as HH:MM, from 00:00 to 24:00.",
  sameTimes: "The start and end can't be the same time.",
  badWeek: "Choose a week from last week to eight weeks ahead.",
  notYours: "That listing is not one of your agency's.",
  notAgency: "The roster is for agency accounts.",
  templateName: `Name the template (1 to ${TEMPLATE_NAME_MAX} characters).`,
  tooManyTemplates: `You can keep at most ${MAX_TEMPLATES} templates: delete one first.`,
  noTemplate: "That template no longer exists.",
  nothingToCopy: "Last week has no shifts to copy.",
  emptyWeek: "This week has no shifts to save as a template.",
  badRequest: "Something was missing from the form. Reload the page and try again.",
} as const;

/** One cell of the roster: a shift's times, 'off' that day, or null (the weekly hours apply). */
export type Cell = { start: string; end: string } | "off" | null;

/** A stored shift of one listing on one date. */
export type ListingShift = { listingId: string; date: string; start: string | null; end: string | null };

export const cellKey = (listingId: string, date: string): string => `${listingId}|${date}`;

/** A form field of one cell: `s.{listingId}.{date}.start|end|off`. */
export const cellField = (listingId: string, date: string, part: "start" | "end" | "off"): string =>
  `s.${listingId}.${date}.${part}`;

export const mondayOf = (date: string): string => addDays(date, -weekdayOf(date));

export const weekDates = (monday: string): string[] => Array.from({ length: 7 }, (_, i) => addDays(monday, i));

/** The first and last Monday the roster shows, for the NZ date `today`. */
export function weekBounds(today: string): { first: string; last: string } {
  const monday = mondayOf(today);
  return { first: addDays(monday, -7 * WEEKS_BACK), last: addDays(monday, 7 * WEEKS_AHEAD) };
}

/** The week asked for (its Monday, or any date in it), or null when it is not a date in the roster's weeks. */
export function parseWeek(value: string | null | undefined, today: string): string | null {
  if (!value) return mondayOf(today);
  if (!isCalendarDate(value)) return null;
  const monday = mondayOf(value);
  const { first, last } = weekBounds(today);
  return monday < first || monday > last ? null : monday;
}

export const cellOf = (shift: Pick<ListingShift, "start" | "end">): Cell =>
  shift.start === null || shift.end === null ? "off" : { start: shift.start, end: shift.end };

export type CellInput = { start: string; end: string; off: boolean };

/**
 * A cell from its fields: off wins over times; both times empty is no shift; a start and an end that are valid
 * wall-clock times and differ is a shift (an end before the start runs past midnight). Otherwise an error for
 * the field at fault.
 */
export function readCell(input: CellInput): { cell: Cell } | { error: string; part: "start" | "end" } {
  if (input.off) return { cell: "off" };
  const start = input.start.trim();
  const end = input.end.trim();
  if (!start && !end) return { cell: null };
  if (!start || !end) return { error: ROSTER_MSG.missing, part: start ? "end" : "start" };
  const from = parseTime(start);
  if (from === null) return { error: ROSTER_MSG.badTime, part: "start" };
  const to = parseTime(end, true);
  if (to === null) return { error: ROSTER_MSG.badEnd, part: "end" };
  if (from === to || (from === 0 && to === 24 * 60)) return { error: ROSTER_MSG.sameTimes, part: "end" };
  return { cell: { start, end } };
}

export type WeekForm = {
  cells: Map<string, Cell>;
  /** By field name (cellField), each shown beside its input. */
  errors: Record<string, string>;
  /** What was typed, by field name, to show the form again as it was sent. */
  values: Record<string, string>;
};

/** The week form's cells for the listings it names, on the seven dates of the week. */
export function readWeekForm(form: FormData, listingIds: readonly string[], monday: string): WeekForm {
  const cells = new Map<string, Cell>();
  const errors: Record<string, string> = {};
  const values: Record<string, string> = {};
  for (const listingId of listingIds)
    for (const date of weekDates(monday)) {
      const read = (part: "start" | "end" | "off") => String(form.get(cellField(listingId, date, part)) ?? "");
      const input = { start: read("start"), end: read("end"), off: read("off") === "on" };
      values[cellField(listingId, date, "start")] = input.start;
      values[cellField(listingId, date, "end")] = input.end;
      if (input.off) values[cellField(listingId, date, "off")] = "on";
      const result = readCell(input);
      if ("error" in result) errors[cellField(listingId, date, result.part)] = result.error;
      else cells.set(cellKey(listingId, date), result.cell);
    }
  return { cells, errors, values };
}

/** What to write so that the stored shifts become `wanted` on the cells it names: rows to put and rows to delete. */
export function rosterChanges(
  stored: readonly ListingShift[],
  wanted: ReadonlyMap<string, Cell>,
): { put: ListingShift[]; remove: { listingId: string; date: string }[] } {
  const before = new Map(stored.map((s) => [cellKey(s.listingId, s.date), cellOf(s)]));
  const put: ListingShift[] = [];
  const remove: { listingId: string; date: string }[] = [];
  for (const [key, cell] of wanted) {
    const [listingId, date] = key.split("|");
    const was = before.get(key) ?? null;
    if (sameCell(was, cell)) continue;
    if (cell === null) remove.push({ listingId, date });
    else if (cell === "off") put.push({ listingId, date, start: null, end: null });
    else put.push({ listingId, date, start: cell.start, end: cell.end });
  }
  return { put, remove };
}

function sameCell(a: Cell, b: Cell): boolean {
  if (a === null || b === null || a === "off" || b === "off") return a === b;
  return a.start === b.start && a.end === b.end;
}

/** A week's pattern, to keep as a template: each listing's seven cells, Monday first. */
export type Pattern = Record<string, Cell[]>;

export function patternOf(shifts: readonly ListingShift[], monday: string, listingIds: readonly string[]): Pattern {
  const dates = weekDates(monday);
  const by = new Map(shifts.map((s) => [cellKey(s.listingId, s.date), cellOf(s)]));
  const pattern: Pattern = {};
  for (const id of listingIds) {
    const cells = dates.map((d) => by.get(cellKey(id, d)) ?? null);
    if (cells.some((c) => c !== null)) pattern[id] = cells;
  }
  return pattern;
}

/**
 * The cells a pattern gives a week, for the listings still the agency's: every day of each listing it names
 * (a day it leaves empty is cleared back to the weekly hours). Listings it does not name are left alone.
 */
export function weekFromPattern(pattern: Pattern, monday: string, listingIds: readonly string[]): Map<string, Cell> {
  const dates = weekDates(monday);
  const cells = new Map<string, Cell>();
  for (const id of listingIds) {
    const days = pattern[id];
    if (!days) continue;
    dates.forEach((d, i) => cells.set(cellKey(id, d), days[i] ?? null));
  }
  return cells;
}

/** A stored template's pattern; anything unreadable reads as no pattern. */
export function readPattern(json: string): Pattern {
  try {
    const value: unknown = JSON.parse(json);
    if (!value || typeof value !== "object") return {};
    const out: Pattern = {};
    for (const [id, days] of Object.entries(value as Record<string, unknown>)) {
      if (!Array.isArray(days) || days.length !== 7) continue;
      out[id] = days.map((c: unknown) => {
        if (c === "off") return "off";
        if (c && typeof c === "object") {
          const o = c as { start?: unknown; end?: unknown };
          const r = readCell({ start: String(o.start ?? ""), end: String(o.end ?? ""), off: false });
          return "cell" in r ? r.cell : null;
        }
        return null;
      });
    }
    return out;
  } catch {
    return {};
  }
}

/** A template's name as typed, or null when it is empty or too long. */
export function templateName(value: string): string | null {
  const name = value.trim().replace(/\s+/g, " ");
  return name.length >= 1 && name.length <= TEMPLATE_NAME_MAX ? name : null;
}

/** One listing's row of the roster page: each day's cell and the weekly hours it overrides ('' for none). */
export type RosterRow = {
  id: string;
  name: string;
  live: boolean;
  days: { date: string; cell: Cell; weekly: string }[];
};

export type RosterPageData = {
  today: string;
  monday: string;
  prevWeek: string | null;
  nextWeek: string | null;
  dates: string[];
  rows: RosterRow[];
  templates: { id: string; name: string }[];
};

export type RosterResult =
  | { ok: true; message: string }
  | { ok: false; error: string; field?: string; fieldErrors?: Record<string, string>; values?: Record<string, string> };
