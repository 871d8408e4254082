// The weekly visibility statement's arithmetic and words: for the days of the week a listing was public, its
// impressions against the listings in the same group (plan and region) on their days public, where it stands
// among them, and how evenly each group shared its impressions (the administrators' screen). Pure: the page,
// the e-mail and the admin screen all use it (docs/decisions/0030-weekly-visibility-statement.md, and 0051 for
// the days public). Listings public for different lengths of time are compared by impressions a day public.
import { addDays, weekdayOf, WEEKDAYS } from "~/platform/time/nz-time";
import { DAY_MS, lastFullWeek, moreThan, perDay } from "./exposure-days";
import type { GroupFigure, Plan, Week } from "./exposure-days";

export { lastFullWeek, statementWeek } from "./exposure-days";
export type { Plan, Week } from "./exposure-days";

/** The middle value; the mean of the two middle ones for an even count; 0 for none. */
export function median(values: readonly number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

export const PLAN_LABEL: Record<Plan, string> = { featured: "Featured", standard: "Standard" };

/** A group's member as stored: one listing's impressions and time public in the group over the week. */
export type Member = { listingId: string; impressions: number; publicMs: number };

/** The statement for the days a listing spent in one group (one plan, one region). */
export type StatementPart = {
  plan: Plan;
  region: string;
  /** The dates it was public in this group. */
  days: string[];
  publicMs: number;
  impressions: number;
  /** Impressions a day while public. */
  perDay: number;
  /** The listings public in this group at any time that week, this one included. */
  peers: number;
  /** The middle listing's impressions a day while public. */
  medianPerDay: number;
  /** 1 = most impressions a day; ties share the better place. Null with no impressions: no place among zeros. */
  rank: number | null;
  /** This listing's part of the group's impressions, 0-1 (null when the group had none). */
  share: number | null;
  /** What an even split by time public would give it: its time public over the group's. */
  fairShare: number;
};

/** One part per group the listing was in, in the order of its days; none when it was never public that week. */
export type Statement = { week: Week; parts: StatementPart[] };

/** Where `own` stands among `members` (its group, which includes it; added if a stored group predates it). */
export function partOf(own: GroupFigure, members: readonly Member[]): StatementPart {
  const group = members.some((m) => m.listingId === own.listingId) ? members : [...members, own];
  const impressions = group.reduce((n, m) => n + m.impressions, 0);
  const publicMs = group.reduce((n, m) => n + m.publicMs, 0);
  return {
    plan: own.plan,
    region: own.region,
    days: own.days,
    publicMs: own.publicMs,
    impressions: own.impressions,
    perDay: perDay(own),
    peers: group.length,
    medianPerDay: median(group.map(perDay)),
    rank:
      own.impressions === 0 ? null : 1 + group.filter((m) => m.listingId !== own.listingId && moreThan(m, own)).length,
    share: impressions > 0 ? own.impressions / impressions : null,
    fairShare: publicMs > 0 ? own.publicMs / publicMs : 1,
  };
}

/** The statement of a listing from its own figures and each of their groups' members. */
export function statementOf(
  week: Week,
  own: readonly GroupFigure[],
  membersOf: (figure: GroupFigure) => readonly Member[],
): Statement {
  const parts = [...own]
    .sort((a, b) => week.days.indexOf(a.days[0]) - week.days.indexOf(b.days[0]))
    .map((figure) => partOf(figure, membersOf(figure)));
  return { week, parts };
}

/** 9 → "9", 6.25 → "6.3". */
export const decimal = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(1));
export const percent = (x: number | null) => (x === null ? "–" : `${(x * 100).toFixed(1)}%`);

const groupWords = (p: Pick<StatementPart, "plan" | "region">) =>
  `${PLAN_LABEL[p.plan]} listings in ${p.region || "your region"}`;

/** Which days: every day, a run of days ("from Thursday to Sunday"), or each day named. */
export function daysWords(week: Week, days: readonly string[]): string {
  if (days.length === week.days.length) return "every day of the week";
  const name = (day: string) => WEEKDAYS[weekdayOf(day)];
  if (days.length === 1) return `on ${name(days[0])}`;
  const first = week.days.indexOf(days[0]);
  if (days.every((d, i) => week.days.indexOf(d) === first + i)) {
    return `from ${name(days[0])} to ${name(days[days.length - 1])}`;
  }
  const names = days.map(name);
  return `on ${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}`;
}

/** How long and when it was public, and in which group. */
export function publicWords(week: Week, p: StatementPart): string {
  const length = p.publicMs / DAY_MS;
  const days = Math.round(length * 10) / 10;
  return `Your listing was public ${daysWords(week, p.days)} (${decimal(days)} ${days === 1 ? "day" : "days"} in all), as one of the ${groupWords(p)}.`;
}

/** The comparison in plain words, as the page and the e-mail say it. */
export function comparisonWords(p: StatementPart): string {
  const plan = PLAN_LABEL[p.plan];
  if (p.peers === 1) return `Yours was the only one of the ${groupWords(p)} public that week.`;
  if (p.rank === null) {
    const median = p.medianPerDay > 0 ? `; the median one was shown ${decimal(p.medianPerDay)} times a day` : "";
    return `It was not shown on the grid while public, so it has no place among the ${p.peers} ${groupWords(p)}${median}.`;
  }
  const versus =
    p.perDay > p.medianPerDay
      ? `more than the median ${plan} listing there (${decimal(p.medianPerDay)} a day)`
      : p.perDay < p.medianPerDay
        ? `fewer than the median ${plan} listing there (${decimal(p.medianPerDay)} a day)`
        : `the same as the median ${plan} listing there`;
  return `That is ${versus}. You were ${ordinal(p.rank)} of ${p.peers} ${groupWords(p)} by impressions a day while public.`;
}

/** Its share of the group's impressions beside an even split by time public. */
export function shareWords(p: StatementPart): string {
  return `Your share of the group's impressions: ${percent(p.share)}. An even split by time public would give you ${percent(p.fairShare)}.`;
}

export function ordinal(n: number): string {
  const tens = n % 100;
  const suffix = tens >= 11 && tens <= 13 ? "th" : (["th", "st", "nd", "rd"][n % 10] ?? "th");
  return `${n}${suffix}`;
}

/** The NZ date of the Monday whose statement covers the week that `now` is in. */
export function nextStatementDay(now: number): string {
  return addDays(lastFullWeek(now).to, 8);
}

const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];

/** A date as words: 'Monday 7 December'. */
export function dayWords(date: string): string {
  const [, m, d] = date.split("-").map(Number);
  return `${WEEKDAYS[weekdayOf(date)]} ${d} ${MONTHS[m - 1]}`;
}

/** The week as words: '16 Nov – 22 Nov 2026'. */
export function weekWords(week: Week): string {
  const fmt = (date: string, year: boolean) => {
    const [y, m, d] = date.split("-").map(Number);
    const month = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"][m - 1];
    return `${d} ${month}${year ? ` ${y}` : ""}`;
  };
  return `${fmt(week.from, false)} – ${fmt(week.to, true)}`;
}

/**
 * The e-mail: its subject names no listing, region or figure (it shows on a lock screen); the body does.
 * Listings that were not public that week are left out; with none left there is no e-mail (null).
 */
export function statementEmail(
  site: string,
  link: string,
  week: Week,
  items: { firstName: string; statement: Statement }[],
): { subject: string; text: string } | null {
  const told = items.filter((i) => i.statement.parts.length > 0);
  if (told.length === 0) return null;
  const lines = [`Your weekly visibility statement for ${weekWords(week)} (Monday to Sunday, NZ time).`, ""];
  for (const { firstName, statement } of told) {
    for (const p of statement.parts) {
      lines.push(
        `${firstName}: ${p.impressions} impressions while public, ${decimal(Math.round(p.perDay * 10) / 10)} a day.`,
        publicWords(week, p),
        comparisonWords(p),
        shareWords(p),
        "",
      );
    }
  }
  lines.push(`See the details: ${link}`, "", `You asked for this e-mail. Turn it off on the same page.`);
  return { subject: `Your weekly statement from ${site}`, text: lines.join("\n") };
}

export type GroupSpread = {
  plan: Plan;
  region: string;
  /** The listings public in the group at any time that week: the statement's peers. */
  listings: number;
  impressions: number;
  /** Highest over lowest impressions a day; null when the lowest had none. */
  ratio: number | null;
  /** The gap between the highest and lowest impressions a day, as a share of the group's, 0-1. */
  spread: number;
  medianPerDay: number;
};

/** How evenly one group (one plan, one region) shared last week's impressions, by impressions a day public. */
export function spreadOf(plan: Plan, region: string, members: readonly Member[]): GroupSpread {
  const rates = members.map(perDay);
  const sum = rates.reduce((n, x) => n + x, 0);
  const hi = rates.length ? Math.max(...rates) : 0;
  const lo = rates.length ? Math.min(...rates) : 0;
  return {
    plan,
    region,
    listings: members.length,
    impressions: members.reduce((n, m) => n + m.impressions, 0),
    ratio: lo > 0 ? hi / lo : null,
    spread: sum > 0 ? (hi - lo) / sum : 0,
    medianPerDay: median(rates),
  };
}
