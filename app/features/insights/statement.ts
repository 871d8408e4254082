// The weekly visibility statement's arithmetic: which week (the last full Monday-Sunday in New Zealand), the
// median listing of a peer group (same plan, same region), where one listing stands in it, and how evenly a
// group shared its impressions (the administrators' screen). Pure: the page, the e-mail and the admin screen
// all use it (docs/decisions/0030-weekly-visibility-statement.md).
import { addDays, nzDate, weekdayOf } from "~/platform/time/nz-time";

export type Week = {
  /** The Monday, YYYY-MM-DD (NZ calendar). */
  from: string;
  /** The Sunday, YYYY-MM-DD. */
  to: string;
  /** The seven dates, Monday first. */
  days: string[];
};

/** The last full Monday-Sunday week before the NZ date of `now` (on a Monday, the week that just ended). */
export function lastFullWeek(now: number): Week {
  const today = nzDate(now);
  const thisMonday = addDays(today, -weekdayOf(today));
  const from = addDays(thisMonday, -7);
  const days = Array.from({ length: 7 }, (_, i) => addDays(from, i));
  return { from, to: days[6], days };
}

/** The middle value; the mean of the two middle ones for an even count; 0 for none. */
export function median(values: readonly number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

export type Plan = "featured" | "standard";
export const PLAN_LABEL: Record<Plan, string> = { featured: "Featured", standard: "Standard" };

export type Statement = {
  week: Week;
  plan: Plan;
  region: string;
  impressions: number;
  /** Listings on the same plan in the same region, this one included. */
  peers: number;
  median: number;
  /** 1 = most impressions; ties share the better place. */
  rank: number;
  /** This listing's part of the group's impressions, 0-1 (null when the group had none). */
  share: number | null;
  /** What an equal split would give each listing, 1 / peers. */
  fairShare: number;
};

/** Where `own` stands among `peerImpressions` (which include it). */
export function statementOf(
  week: Week,
  plan: Plan,
  region: string,
  own: number,
  peerImpressions: readonly number[],
): Statement {
  const peers = Math.max(1, peerImpressions.length);
  const total = peerImpressions.reduce((n, x) => n + x, 0);
  return {
    week,
    plan,
    region,
    impressions: own,
    peers,
    median: median(peerImpressions),
    rank: 1 + peerImpressions.filter((x) => x > own).length,
    share: total > 0 ? own / total : null,
    fairShare: 1 / peers,
  };
}

const whole = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(1));
export const percent = (x: number | null) => (x === null ? "–" : `${(x * 100).toFixed(1)}%`);

/** The comparison in plain words, as the page and the e-mail say it. */
export function comparisonWords(s: Statement): string {
  const group = `${PLAN_LABEL[s.plan]} listings in ${s.region || "your region"}`;
  if (s.peers === 1) return `Yours was the only one of the ${group} last week.`;
  const versus =
    s.impressions > s.median
      ? `more than the median ${PLAN_LABEL[s.plan]} listing there (${whole(s.median)})`
      : s.impressions < s.median
        ? `fewer than the median ${PLAN_LABEL[s.plan]} listing there (${whole(s.median)})`
        : `the same as the median ${PLAN_LABEL[s.plan]} listing there`;
  return `That is ${versus}. You were ${ordinal(s.rank)} of ${s.peers} ${group} by impressions.`;
}

export function ordinal(n: number): string {
  const tens = n % 100;
  const suffix = tens >= 11 && tens <= 13 ? "th" : (["th", "st", "nd", "rd"][n % 10] ?? "th");
  return `${n}${suffix}`;
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

/** The e-mail: its subject names no listing, region or figure (it shows on a lock screen); the body does. */
export function statementEmail(
  site: string,
  link: string,
  items: { firstName: string; statement: Statement }[],
): { subject: string; text: string } {
  const lines = [
    `Your weekly visibility statement for ${weekWords(items[0].statement.week)} (Monday to Sunday, NZ time).`,
    "",
  ];
  for (const { firstName, statement } of items) {
    lines.push(
      `${firstName}: ${statement.impressions} impressions, ${percent(statement.share)} of the group's (an even split would be ${percent(statement.fairShare)}).`,
      comparisonWords(statement),
      "",
    );
  }
  lines.push(`See the details: ${link}`, "", `You asked for this e-mail. Turn it off on the same page.`);
  return { subject: `Your weekly statement from ${site}`, text: lines.join("\n") };
}

export type GroupSpread = {
  plan: Plan;
  region: string;
  listings: number;
  impressions: number;
  /** Highest over lowest impressions (shares of one group divide the same); null when the lowest had none. */
  ratio: number | null;
  /** Highest share minus lowest share, 0-1. */
  spread: number;
  median: number;
};

/** How evenly one group (one plan, one region) shared last week's impressions. */
export function spreadOf(plan: Plan, region: string, impressions: readonly number[]): GroupSpread {
  const total = impressions.reduce((n, x) => n + x, 0);
  const hi = impressions.length ? Math.max(...impressions) : 0;
  const lo = impressions.length ? Math.min(...impressions) : 0;
  return {
    plan,
    region,
    listings: impressions.length,
    impressions: total,
    ratio: lo > 0 ? hi / lo : null,
    spread: total > 0 ? (hi - lo) / total : 0,
    median: median(impressions),
  };
}
