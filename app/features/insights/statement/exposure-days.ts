// Which days of a week each listing was public, in which group (plan and region) on each of them, and its
// impressions and time public in each group: the facts the weekly statement and the administrators' exposure
// page both stand on (docs/decisions/0051-statement-of-the-days-public.md). Pure: the spans of time public
// (listing_public_spans) and the daily counts (listing_daily) are read by peer-figures.server.ts.
//
// Days are NZ calendar days, from NZ midnight to NZ midnight, as the daily rows count them (decisions 0054 and
// 0075): a day's time public is measured over the same hours as its impressions. A day is 23 or 25 hours long
// when the clocks change. A listing public at any moment of a day was public that day; a day belongs to the
// group the listing was public in longest that day (the later one on a tie), so each listing-day counts once,
// in one group.
import { addDays, nzDate, nzDayStart, weekdayOf } from "~/platform/time/nz-time";

/** The unit of "a day" in rates and lengths ("16 a day", "1.5 days"): 24 hours, whatever a date's length. */
export const DAY_MS = 86_400_000;

export type Week = {
  /** The Monday, YYYY-MM-DD (NZ calendar). */
  from: string;
  /** The Sunday, YYYY-MM-DD. */
  to: string;
  /** The seven dates, Monday first. */
  days: string[];
};

export type Plan = "featured" | "standard";

/** The last full Monday-Sunday week before the NZ date of `now` (on a Monday, the week that just ended). */
export function lastFullWeek(now: number): Week {
  const today = nzDate(now);
  const thisMonday = addDays(today, -weekdayOf(today));
  const from = addDays(thisMonday, -7);
  const days = Array.from({ length: 7 }, (_, i) => addDays(from, i));
  return { from, to: days[6], days };
}

/** A stretch of time public in one plan and region; `end` null while it goes on. */
export type Span = { listingId: string; start: number; end: number | null; featured: boolean | number; region: string };

/** One listing's impressions on one day. */
export type DayCount = { listingId: string; day: string; impressions: number };

/** One listing in one group over the week: the days it spent there, how long it was public on them, its impressions. */
export type GroupFigure = {
  listingId: string;
  plan: Plan;
  region: string;
  /** The week's dates on which it was public in this group, in order. */
  days: string[];
  /** Milliseconds public on those days. */
  publicMs: number;
  impressions: number;
};

export const planOf = (featured: number | boolean): Plan => (featured ? "featured" : "standard");
export const groupKey = (plan: Plan, region: string) => `${plan}\u0000${region}`;

/** A day's bounds as instants: its NZ midnight to the next one's, so 23, 24 or 25 hours. */
function dayBounds(day: string): { start: number; end: number } {
  return { start: nzDayStart(day), end: nzDayStart(addDays(day, 1)) };
}

/** The instant the week's last daily row closes: NZ midnight at the end of its Sunday. */
export function weekCloses(week: Week): number {
  return dayBounds(week.to).end;
}

/**
 * How long after a day ends its last counts may still be arriving: the count queue writes an event within
 * seconds, but retries a failed batch for about half an hour (retryDelaySeconds in count-flush.server.ts),
 * and the cron runs on the hour and the half hour, NZ midnight included.
 */
export const COUNTS_SETTLE_MS = 60 * 60_000;

/** The instant the week's figures are final: an hour after it closes (01:00 NZ on the Monday after it). */
export function weekFinal(week: Week): number {
  return weekCloses(week) + COUNTS_SETTLE_MS;
}

/**
 * The week a statement is about at `now`: the last full NZ week whose figures are final (weekFinal), so the
 * week before it during the first hour of a Monday.
 */
export function statementWeek(now: number): Week {
  return lastFullWeek(now - COUNTS_SETTLE_MS);
}

/** The week's bounds as instants: from its Monday's NZ midnight to the one after its Sunday. */
export function weekSpan(week: Week): { start: number; end: number } {
  return { start: dayBounds(week.from).start, end: weekCloses(week) };
}

type DayPart = { key: string; ms: number; latest: number };

/**
 * Every listing's figures in every group it was in during `week`, from its spans and daily counts. `now`
 * closes the spans still open. A listing with no time public in the week has no figure, whatever it was
 * counted (a card seen as it was hidden is not a day public).
 */
export function weekFigures(
  week: Week,
  spans: readonly Span[],
  counts: readonly DayCount[],
  now: number,
): GroupFigure[] {
  // Per listing and day: the time public in each group.
  const parts = new Map<string, Map<string, DayPart[]>>();
  const bounds = new Map(week.days.map((day) => [day, dayBounds(day)]));
  for (const span of spans) {
    const end = span.end ?? now;
    const key = groupKey(planOf(span.featured), span.region);
    for (const day of week.days) {
      const { start: from, end: to } = bounds.get(day)!;
      const ms = Math.min(end, to) - Math.max(span.start, from);
      if (ms <= 0) continue;
      const days = parts.get(span.listingId) ?? new Map<string, DayPart[]>();
      parts.set(span.listingId, days);
      const list = days.get(day) ?? [];
      days.set(day, list);
      const same = list.find((p) => p.key === key);
      if (same) {
        same.ms += ms;
        same.latest = Math.max(same.latest, span.start);
      } else list.push({ key, ms, latest: span.start });
    }
  }
  const impressions = new Map(counts.map((c) => [`${c.listingId}\u0000${c.day}`, c.impressions]));
  const figures = new Map<string, GroupFigure>();
  for (const [listingId, days] of parts) {
    for (const day of week.days) {
      const list = days.get(day);
      if (!list) continue;
      const main = list.reduce((a, b) => (b.ms > a.ms || (b.ms === a.ms && b.latest > a.latest) ? b : a));
      const [plan, region] = main.key.split("\u0000") as [Plan, string];
      const id = `${listingId}\u0000${main.key}`;
      const figure = figures.get(id) ?? { listingId, plan, region, days: [], publicMs: 0, impressions: 0 };
      figures.set(id, figure);
      figure.days.push(day);
      // Spans of one listing never overlap; the cap (the day's own length) only guards against a clock that
      // went back.
      const { start: from, end: to } = bounds.get(day)!;
      figure.publicMs += Math.min(
        to - from,
        list.reduce((n, p) => n + p.ms, 0),
      );
      figure.impressions += impressions.get(`${listingId}\u0000${day}`) ?? 0;
    }
  }
  return [...figures.values()];
}

/** The figures by group. */
export function byGroup(figures: readonly GroupFigure[]): Map<string, GroupFigure[]> {
  const groups = new Map<string, GroupFigure[]>();
  for (const f of figures) {
    const key = groupKey(f.plan, f.region);
    groups.set(key, [...(groups.get(key) ?? []), f]);
  }
  return groups;
}

/** Impressions a day while public: what listings with different time public are compared by. */
export function perDay(f: { impressions: number; publicMs: number }): number {
  return f.publicMs > 0 ? (f.impressions * DAY_MS) / f.publicMs : 0;
}

/**
 * Whether `a` had more impressions a day than `b`, exactly: cross-multiplied integers (impressions × ms stay
 * far below 2^53), so two equal rates are a tie, never a rounding difference.
 */
export function moreThan(a: { impressions: number; publicMs: number }, b: { impressions: number; publicMs: number }) {
  return a.impressions * b.publicMs > b.impressions * a.publicMs;
}
