// The weekly visibility statement's rule (app/features/insights/statement/exposure-days.ts, statement.ts): a
// hand-worked week whose every figure was computed on paper, below, before the code was run; its days are NZ
// days, of 23 or 25 hours when the clocks change (docs/decisions/0075-statement-days-are-nz-days.md); the
// week's bounds in NZ time and when its figures are final; the words; the e-mail's discreet subject; the
// administrators' spread.
import { describe, expect, it } from "vitest";
import {
  byGroup,
  groupKey,
  lastFullWeek,
  perDay,
  statementWeek,
  weekCloses,
  weekFigures,
  weekFinal,
  weekSpan,
} from "~/features/insights/statement/exposure-days";
import type { DayCount, GroupFigure, Span } from "~/features/insights/statement/exposure-days";
import {
  comparisonWords,
  daysWords,
  median,
  nextStatementDay,
  ordinal,
  partOf,
  publicWords,
  shareWords,
  spreadOf,
  statementEmail,
  statementOf,
} from "~/features/insights/statement/statement";
import type { Member } from "~/features/insights/statement/statement";
import { nzWallTime } from "~/platform/time/nz-time";

const H = 3_600_000;
const DAY = 24 * H;
/** `hour` o'clock on an NZ date (0: its midnight): the daily rows are NZ days (decision 0054). */
const at = (date: string, hour = 0) => nzWallTime(date, hour * 60);

// Monday 16 – Sunday 22 November 2026, read after it closed.
const week = lastFullWeek(Date.UTC(2026, 10, 26, 15));
const NOW = at("2026-11-24");

/*
 * The hand-worked week, in Otago unless said. Spans (NZ time), and impressions per day:
 *   A  Standard from Thu 19 12:00; Featured from Sat 21 06:00 (a grant made on Saturday); public since.
 *      Counted Mon 16: 9 (a stray count on a day it was not public), Thu 6, Fri 18, Sat 30, Sun 20.
 *      Per day: Thu 12 h Standard; Fri 24 h Standard; Sat 6 h Standard + 18 h Featured -> Featured; Sun Featured.
 *      Standard: Thu, Fri; 36 h = 1.5 days; 6 + 18 = 24 impressions; 16 a day.
 *      Featured: Sat, Sun; 48 h = 2 days; 30 + 20 = 50 impressions; 25 a day.
 *   B  Standard all week: 10 a day, 70 in all.
 *   C  Standard all week: never shown, 0.
 *   D  Standard Mon 00:00 to Wed 00:00 (2 days), then hidden: 40 impressions, 20 a day.
 *   E  Standard, hidden since the week before; one stray count of 3 on Tuesday: not a peer.
 *   F  Featured all week: 140 impressions, 20 a day.
 *   H  Standard all week in Nelson: 700 impressions, not a peer.
 * Standard in Otago: A 24 / 1.5 d = 16, B 10, C 0, D 20.
 *   4 listings; median of 0, 10, 16, 20 = (10 + 16) / 2 = 13; above A only D: A is 2nd.
 *   Impressions 24 + 70 + 0 + 40 = 134: A's share 24 / 134 = 17.9%.
 *   Time public 1.5 + 7 + 7 + 2 = 17.5 days: an even split gives A 1.5 / 17.5 = 8.6%.
 *   C has no impressions: no place. Ratio highest over lowest: none (C had none); spread (20 - 0) / 46 = 43.5%.
 * Featured in Otago: A 25, F 20: 2 listings; median 22.5; A 1st; share 50 / 190 = 26.3%; even split 2 / 9 = 22.2%.
 *   Ratio 25 / 20 = 1.25; spread (25 - 20) / 45 = 11.1%.
 */
const spans: Span[] = [
  { listingId: "A", start: at("2026-11-19", 12), end: at("2026-11-21", 6), featured: 0, region: "Otago" },
  { listingId: "A", start: at("2026-11-21", 6), end: null, featured: 1, region: "Otago" },
  { listingId: "B", start: at("2026-11-01"), end: null, featured: 0, region: "Otago" },
  { listingId: "C", start: at("2026-11-01"), end: null, featured: 0, region: "Otago" },
  { listingId: "D", start: at("2026-11-10"), end: at("2026-11-18"), featured: 0, region: "Otago" },
  { listingId: "E", start: at("2026-11-01"), end: at("2026-11-12"), featured: 0, region: "Otago" },
  { listingId: "F", start: at("2026-11-01"), end: null, featured: 1, region: "Otago" },
  { listingId: "H", start: at("2026-11-01"), end: null, featured: 0, region: "Nelson" },
];
const counts: DayCount[] = [
  { listingId: "A", day: "2026-11-16", impressions: 9 },
  { listingId: "A", day: "2026-11-19", impressions: 6 },
  { listingId: "A", day: "2026-11-20", impressions: 18 },
  { listingId: "A", day: "2026-11-21", impressions: 30 },
  { listingId: "A", day: "2026-11-22", impressions: 20 },
  ...week.days.map((day) => ({ listingId: "B", day, impressions: 10 })),
  { listingId: "D", day: "2026-11-16", impressions: 15 },
  { listingId: "D", day: "2026-11-17", impressions: 25 },
  { listingId: "E", day: "2026-11-17", impressions: 3 },
  ...week.days.map((day) => ({ listingId: "F", day, impressions: 20 })),
  ...week.days.map((day) => ({ listingId: "H", day, impressions: 100 })),
];

const figures = weekFigures(week, spans, counts, NOW);
const groups = byGroup(figures);
const members = (f: GroupFigure): Member[] => groups.get(groupKey(f.plan, f.region)) ?? [];
const statementFor = (id: string) =>
  statementOf(
    week,
    figures.filter((f) => f.listingId === id),
    members,
  );

describe("the hand-worked week", () => {
  it("finds each listing's days public, in the plan and region it had on each of them", () => {
    const a = figures.filter((f) => f.listingId === "A");
    expect(a).toEqual([
      {
        listingId: "A",
        plan: "standard",
        region: "Otago",
        days: ["2026-11-19", "2026-11-20"],
        publicMs: 36 * H,
        impressions: 24,
      },
      {
        listingId: "A",
        plan: "featured",
        region: "Otago",
        days: ["2026-11-21", "2026-11-22"],
        publicMs: 48 * H,
        impressions: 50,
      },
    ]);
    expect(figures.find((f) => f.listingId === "D")).toMatchObject({
      days: ["2026-11-16", "2026-11-17"],
      publicMs: 2 * DAY,
    });
    // Hidden all week: no figure, whatever was counted.
    expect(figures.some((f) => f.listingId === "E")).toBe(false);
    expect([...groups.keys()].sort()).toEqual([
      groupKey("featured", "Otago"),
      groupKey("standard", "Nelson"),
      groupKey("standard", "Otago"),
    ]);
    expect(
      groups
        .get(groupKey("standard", "Otago"))!
        .map((m) => m.listingId)
        .sort(),
    ).toEqual(["A", "B", "C", "D"]);
  });

  it("tells A's week in two parts, each against the listings it was grouped with on those days", () => {
    const s = statementFor("A");
    expect(s.parts).toHaveLength(2);
    const [standard, featured] = s.parts;
    expect(standard).toMatchObject({
      plan: "standard",
      region: "Otago",
      impressions: 24,
      perDay: 16,
      peers: 4,
      medianPerDay: 13,
      rank: 2,
    });
    expect(standard.share).toBeCloseTo(24 / 134, 10);
    expect(standard.fairShare).toBeCloseTo(1.5 / 17.5, 10);
    expect(featured).toMatchObject({
      plan: "featured",
      impressions: 50,
      perDay: 25,
      peers: 2,
      medianPerDay: 22.5,
      rank: 1,
    });
    expect(featured.share).toBeCloseTo(50 / 190, 10);
    expect(featured.fairShare).toBeCloseTo(2 / 9, 10);

    expect(publicWords(week, standard)).toBe(
      "Your listing was public from Thursday to Friday (1.5 days in all), as one of the Standard listings in Otago.",
    );
    expect(comparisonWords(standard)).toBe(
      "That is more than the median Standard listing there (13 a day). You were 2nd of 4 Standard listings in Otago by impressions a day while public.",
    );
    expect(shareWords(standard)).toBe(
      "Your share of the group's impressions: 17.9%. An even split by time public would give you 8.6%.",
    );
    expect(publicWords(week, featured)).toBe(
      "Your listing was public from Saturday to Sunday (2 days in all), as one of the Featured listings in Otago.",
    );
    expect(comparisonWords(featured)).toBe(
      "That is more than the median Featured listing there (22.5 a day). You were 1st of 2 Featured listings in Otago by impressions a day while public.",
    );
    expect(shareWords(featured)).toBe(
      "Your share of the group's impressions: 26.3%. An even split by time public would give you 22.2%.",
    );
  });

  it("gives no place to a listing never shown, and no statement to one hidden all week", () => {
    const [c] = statementFor("C").parts;
    expect(c).toMatchObject({ impressions: 0, rank: null, peers: 4, share: 0 });
    expect(comparisonWords(c)).toBe(
      "It was not shown on the grid while public, so it has no place among the 4 Standard listings in Otago; the median one was shown 13 times a day.",
    );
    expect(statementFor("E").parts).toEqual([]);
    expect(publicWords(week, statementFor("B").parts[0])).toContain("public every day of the week (7 days in all)");
  });

  it("gives the administrators' spread of each group from the same members", () => {
    expect(spreadOf("standard", "Otago", groups.get(groupKey("standard", "Otago"))!)).toEqual({
      plan: "standard",
      region: "Otago",
      listings: 4,
      impressions: 134,
      ratio: null,
      spread: 20 / 46,
      medianPerDay: 13,
    });
    const featured = spreadOf("featured", "Otago", groups.get(groupKey("featured", "Otago"))!);
    expect(featured).toMatchObject({ listings: 2, impressions: 190, ratio: 1.25, medianPerDay: 22.5 });
    expect(featured.spread).toBeCloseTo(5 / 45, 10);
  });
});

describe("NZ days", () => {
  const one = (week: ReturnType<typeof lastFullWeek>, listingSpans: Span[], listingCounts: DayCount[] = []) =>
    weekFigures(week, listingSpans, listingCounts, weekCloses(week));
  const standard = (start: number, end: number | null): Span => ({
    listingId: "N",
    start,
    end,
    featured: 0,
    region: "Otago",
  });

  it("measures a day's time public over the NZ day its impressions were counted on", () => {
    // Monday 16 Nov 00:00-06:00 NZ is Sunday 15 Nov 11:00-17:00 UTC: public on the Monday, with the
    // Monday's row (a UTC day would have put it on the Sunday before the week, with none of them).
    const figures = one(
      week,
      [standard(at("2026-11-16"), at("2026-11-16", 6))],
      [
        { listingId: "N", day: "2026-11-15", impressions: 4 },
        { listingId: "N", day: "2026-11-16", impressions: 7 },
      ],
    );
    expect(figures).toEqual([
      { listingId: "N", plan: "standard", region: "Otago", days: ["2026-11-16"], publicMs: 6 * H, impressions: 7 },
    ]);
    // Sunday 22 Nov from 20:00 NZ (07:00 UTC) to the week's end: the Sunday, 4 hours, its row's impressions.
    expect(
      one(
        week,
        [standard(at("2026-11-22", 20), null)],
        [
          { listingId: "N", day: "2026-11-21", impressions: 5 },
          { listingId: "N", day: "2026-11-22", impressions: 3 },
        ],
      ),
    ).toMatchObject([{ days: ["2026-11-22"], publicMs: 4 * H, impressions: 3 }]);
  });

  it("counts a day the clocks change as long as it was: 25 hours in April, 23 in September", () => {
    const autumn = lastFullWeek(Date.UTC(2026, 3, 8));
    const allWeek = standard(at("2026-03-01"), null);
    expect(one(autumn, [allWeek])).toMatchObject([{ days: autumn.days, publicMs: 7 * DAY + H }]);
    // Public only on Sunday 5 April, from midnight to midnight: the day's 25 hours, not 24.
    expect(one(autumn, [standard(at("2026-04-05"), at("2026-04-06"))])).toMatchObject([
      { days: ["2026-04-05"], publicMs: 25 * H },
    ]);
    const spring = lastFullWeek(Date.UTC(2026, 8, 30));
    const [f] = one(
      spring,
      [allWeek],
      spring.days.map((day) => ({ listingId: "N", day, impressions: 24 })),
    );
    expect(f).toMatchObject({ days: spring.days, publicMs: 7 * DAY - H, impressions: 168 });
    // 168 impressions in 167 hours public is a little over 24 a day.
    expect(perDay(f)).toBeCloseTo((168 * 24) / 167, 10);
    // Sunday 27 September is 23 hours: two overlapping stretches (a clock that went back) are capped there.
    const sunday = standard(at("2026-09-27"), at("2026-09-28"));
    expect(one(spring, [sunday, { ...sunday, start: at("2026-09-26", 12) }])).toMatchObject([
      { days: ["2026-09-26", "2026-09-27"], publicMs: 12 * H + 23 * H },
    ]);
  });
});

describe("places and medians", () => {
  const own = (impressions: number, days = 7): GroupFigure => ({
    listingId: "me",
    plan: "standard",
    region: "Otago",
    days: week.days.slice(0, days),
    publicMs: days * DAY,
    impressions,
  });
  const m = (listingId: string, impressions: number, days = 7): Member => ({
    listingId,
    impressions,
    publicMs: days * DAY,
  });

  it("ties share the better place, compared exactly by impressions a day", () => {
    // 14 over 7 days and 6 over 3 days are both 2 a day: a tie, not a rounding difference.
    const p = partOf(own(6, 3), [m("me", 6, 3), m("x", 14, 7), m("y", 30, 7)]);
    expect(p.rank).toBe(2);
    expect(p.perDay).toBe(2);
  });

  it("has no place among ties at zero, and no share when nobody was seen", () => {
    const p = partOf(own(0), [m("me", 0), m("x", 0), m("y", 0)]);
    expect(p).toMatchObject({ rank: null, share: null, medianPerDay: 0 });
    expect(comparisonWords(p)).toBe(
      "It was not shown on the grid while public, so it has no place among the 3 Standard listings in Otago.",
    );
  });

  it("says when a listing was alone in its group, and adds itself to a group stored without it", () => {
    const alone = partOf(own(5), []);
    expect(alone).toMatchObject({ peers: 1, rank: 1, share: 1, fairShare: 1 });
    expect(comparisonWords(alone)).toBe("Yours was the only one of the Standard listings in Otago public that week.");
  });

  it("takes the middle, the mean of the two middles, or 0 for none", () => {
    expect(median([5, 1, 3])).toBe(3);
    expect(median([4, 1, 3, 10])).toBe(3.5);
    expect(median([])).toBe(0);
  });

  it("writes ordinals and days", () => {
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 111].map(ordinal)).toEqual([
      "1st",
      "2nd",
      "3rd",
      "4th",
      "11th",
      "12th",
      "13th",
      "21st",
      "22nd",
      "111th",
    ]);
    expect(daysWords(week, ["2026-11-18"])).toBe("on Wednesday");
    expect(daysWords(week, ["2026-11-16", "2026-11-18", "2026-11-20"])).toBe("on Monday, Wednesday and Friday");
  });
});

describe("which week", () => {
  it("is the Monday-Sunday before this NZ week", () => {
    // Thursday 26 Nov 2026, 15:00 UTC = Friday 27 Nov 04:00 in NZ (NZDT, +13).
    const w = lastFullWeek(Date.UTC(2026, 10, 26, 15));
    expect(w).toMatchObject({ from: "2026-11-16", to: "2026-11-22" });
    expect(w.days).toHaveLength(7);
  });

  it("turns over at NZ midnight on Monday, and is told from 01:00, once the last counts have come in", () => {
    // Sunday 22 Nov 11:00 UTC = Monday 23 Nov 00:00 NZ (NZDT, +13): the week's last daily row has closed.
    const monday = Date.UTC(2026, 10, 22, 11, 0);
    const w = lastFullWeek(monday);
    expect(w.from).toBe("2026-11-16");
    expect(weekCloses(w)).toBe(monday);
    expect(weekSpan(w)).toEqual({ start: Date.UTC(2026, 10, 15, 11), end: monday });
    // Counts of its last seconds may still be in the count queue (retried for about half an hour).
    expect(weekFinal(w)).toBe(monday + H);
    expect(statementWeek(monday).from).toBe("2026-11-09");
    expect(statementWeek(monday + H - 1).from).toBe("2026-11-09");
    expect(statementWeek(monday + H).from).toBe("2026-11-16");
    // The UTC day of the Sunday ends at 13:00 NZ: no reason to wait for it.
    expect(statementWeek(Date.UTC(2026, 10, 22, 23, 59)).from).toBe("2026-11-16");
  });

  it("spans the daylight-saving change as seven calendar dates, an hour shorter or longer", () => {
    // NZ's clocks go forward on Sunday 27 September 2026 and back on Sunday 5 April 2026.
    const spring = lastFullWeek(Date.UTC(2026, 8, 30));
    expect(spring).toMatchObject({ from: "2026-09-21", to: "2026-09-27" });
    expect(weekSpan(spring).end - weekSpan(spring).start).toBe(7 * DAY - H);
    const autumn = lastFullWeek(Date.UTC(2026, 3, 8));
    expect(autumn).toMatchObject({ from: "2026-03-30", to: "2026-04-05" });
    expect(weekSpan(autumn).end - weekSpan(autumn).start).toBe(7 * DAY + H);
    // It closes at the NZ midnight ending the Sunday: 11:00 UTC in NZDT, 12:00 UTC in NZST.
    expect(weekCloses(spring)).toBe(Date.UTC(2026, 8, 27, 11));
    expect(weekCloses(autumn)).toBe(Date.UTC(2026, 3, 5, 12));
  });

  it("names the Monday that tells this week", () => {
    expect(nextStatementDay(Date.UTC(2026, 10, 26, 15))).toBe("2026-11-30");
  });
});

describe("statementEmail", () => {
  it("keeps the listing, region and figures out of the subject, and leaves out listings not public that week", () => {
    const mail = statementEmail("Kiwi Companions", "https://example.nz/dashboard/insights", week, [
      { firstName: "Aroha", statement: statementFor("A") },
      { firstName: "Erin", statement: statementFor("E") },
    ]);
    expect(mail!.subject).toBe("Your weekly statement from Kiwi Companions");
    expect(mail!.subject).not.toMatch(/Aroha|Otago|24/);
    expect(mail!.text).toContain("16 Nov – 22 Nov 2026");
    expect(mail!.text).toContain("Aroha: 24 impressions while public, 16 a day.");
    expect(mail!.text).toContain("Aroha: 50 impressions while public, 25 a day.");
    expect(mail!.text).not.toContain("Erin");
    expect(mail!.text).toContain("https://example.nz/dashboard/insights");
    expect(
      statementEmail("Kiwi Companions", "x", week, [{ firstName: "Erin", statement: statementFor("E") }]),
    ).toBeNull();
  });
});
