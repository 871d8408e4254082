// A provider's insights for one listing over the last 7, 30 or 90 days, from the daily aggregate rows: the totals,
// the rates, the series by day (every day present, zeros where nothing was counted), the CSV and the chart's
// geometry. Pure: the page and the CSV download both use it.
import { countDay } from "~/platform/http/client-address";
import { addDays } from "~/platform/time/nz-time";
import { shortDate } from "~/platform/time/short-dates";
import type { RegionViews } from "./regions";

export const RANGES = [7, 30, 90] as const;
export type Range = (typeof RANGES)[number];

/** ?days=7|30|90; anything else is the 30-day default. */
export function parseRange(value: string | null): Range {
  const n = Number(value);
  return (RANGES as readonly number[]).includes(n) ? (n as Range) : 30;
}

export type DayCounts = {
  day: string;
  impressions: number;
  views: number;
  photoOpens: number;
  contacts: number;
  likes: number;
  favourites: number;
};
export type Totals = Omit<DayCounts, "day"> & { viewRate: number | null; contactRate: number | null };
export type PhotoCounts = { photo: string; shown: number; opened: number };

/** What the insights page shows of one of the owner's listings over the range. */
export type InsightsView = {
  listings: { listingId: string; firstName: string }[];
  /** The listing shown; null when the owner has none. */
  listingId: string | null;
  days: Range;
  series: DayCounts[];
  totals: Totals;
  photos: PhotoCounts[];
  /** Profile views by visitor region over the range (shown masked: regions.ts maskedCount). */
  regions: RegionViews[];
};

/** The NZ days of the range, oldest first, ending today (by the calendar: a day of 23 or 25 hours is one day). */
export function rangeDays(days: number, now: number): string[] {
  const today = countDay(now);
  return Array.from({ length: days }, (_, i) => addDays(today, i - (days - 1)));
}

/** Every day of the range, with the stored row where there is one. */
export function fillDays(rows: DayCounts[], days: number, now: number): DayCounts[] {
  const byDay = new Map(rows.map((r) => [r.day, r]));
  return rangeDays(days, now).map(
    (day) => byDay.get(day) ?? { day, impressions: 0, views: 0, photoOpens: 0, contacts: 0, likes: 0, favourites: 0 },
  );
}

/** A share as a fraction, or null when there was nothing to divide by. */
export function rate(part: number, whole: number): number | null {
  return whole > 0 ? part / whole : null;
}

export function totalsOf(series: DayCounts[]): Totals {
  const sum = (k: keyof Omit<DayCounts, "day">) => series.reduce((n, d) => n + d[k], 0);
  const t = {
    impressions: sum("impressions"),
    views: sum("views"),
    photoOpens: sum("photoOpens"),
    contacts: sum("contacts"),
    likes: sum("likes"),
    favourites: sum("favourites"),
  };
  return { ...t, viewRate: rate(t.views, t.impressions), contactRate: rate(t.contacts, t.views) };
}

/** '12.5%', or '–' when there is nothing to divide by. */
export function formatRate(value: number | null): string {
  if (value === null) return "–";
  const pct = value * 100;
  return `${pct >= 10 || pct === 0 ? pct.toFixed(0) : pct.toFixed(1)}%`;
}

/** The series as CSV (one row a day), for a spreadsheet. */
export function insightsCsv(series: DayCounts[]): string {
  const head = "day,impressions,profile_views,view_rate,contact_taps,contact_rate,likes,favourites,photo_opens";
  const rows = series.map((d) => {
    const vr = rate(d.views, d.impressions);
    const cr = rate(d.contacts, d.views);
    return [
      d.day,
      d.impressions,
      d.views,
      vr === null ? "" : vr.toFixed(4),
      d.contacts,
      cr === null ? "" : cr.toFixed(4),
      d.likes,
      d.favourites,
      d.photoOpens,
    ].join(",");
  });
  return [head, ...rows].join("\r\n") + "\r\n";
}

/**
 * The dates under the chart: the first and last day and evenly spaced ones between, at most `most` of them
 * (a phone fits five short dates), each with its share of the width to the middle of its bar.
 */
export function axisDates(days: string[], most = 5): { day: string; label: string; at: number }[] {
  if (days.length === 0) return [];
  const count = Math.min(days.length, Math.max(2, most));
  const picked = new Set(
    Array.from({ length: count }, (_, i) => Math.round((i * (days.length - 1)) / Math.max(1, count - 1))),
  );
  return [...picked].map((i) => ({ day: days[i], label: shortDate(days[i]), at: (i + 0.5) / days.length }));
}

export type ChartBar = { day: string; x: number; width: number; impressionsY: number; viewsY: number };

/**
 * The chart's bars in a `width` × `height` box: impressions as a bar, profile views as a bar inside it, on one
 * scale (rounded up to a readable top). Drawn by the server as plain SVG, no chart library.
 */
export function chartBars(series: DayCounts[], width: number, height: number): { bars: ChartBar[]; top: number } {
  const max = Math.max(1, ...series.map((d) => Math.max(d.impressions, d.views)));
  const step = 10 ** Math.floor(Math.log10(max));
  const top = Math.ceil(max / step) * step;
  const slot = width / Math.max(1, series.length);
  const barWidth = Math.max(1, slot * 0.8);
  const y = (v: number) => height - (v / top) * height;
  return {
    top,
    bars: series.map((d, i) => ({
      day: d.day,
      x: i * slot + (slot - barWidth) / 2,
      width: barWidth,
      impressionsY: y(d.impressions),
      viewsY: y(d.views),
    })),
  };
}

/**
 * The bars as one SVG path per measure, rounded to hundredths: two elements whatever the range, so a 90-day
 * chart costs the server render no more than a 7-day one (a rect per bar was 180 elements).
 */
export function barPaths(bars: ChartBar[], height: number): { impressions: string; views: string } {
  const r = (n: number) => Math.round(n * 100) / 100;
  const path = (top: (b: ChartBar) => number) =>
    bars.map((b) => `M${r(b.x)} ${r(top(b))}h${r(b.width)}V${height}h${r(-b.width)}z`).join("");
  return { impressions: path((b) => b.impressionsY), views: path((b) => b.viewsY) };
}
