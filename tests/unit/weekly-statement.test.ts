// The weekly visibility statement's arithmetic (app/features/insights/statement.ts): the week's bounds in NZ time,
// medians, where a listing stands among its peers, the e-mail's discreet subject and the administrators' spread.
import { describe, expect, it } from "vitest";
import {
  comparisonWords,
  lastFullWeek,
  median,
  ordinal,
  spreadOf,
  statementEmail,
  statementOf,
} from "~/features/insights/statement";

describe("lastFullWeek", () => {
  it("is the Monday-Sunday before this NZ week", () => {
    // Thursday 26 Nov 2026, 15:00 UTC = Friday 27 Nov 04:00 in NZ (NZDT, +13).
    const w = lastFullWeek(Date.UTC(2026, 10, 26, 15));
    expect(w).toMatchObject({ from: "2026-11-16", to: "2026-11-22" });
    expect(w.days).toEqual([
      "2026-11-16",
      "2026-11-17",
      "2026-11-18",
      "2026-11-19",
      "2026-11-20",
      "2026-11-21",
      "2026-11-22",
    ]);
  });

  it("turns over at NZ midnight on Monday, not UTC's", () => {
    // Sunday 22 Nov 10:59 UTC = Sunday 23:59 NZ; 11:00 UTC = Monday 00:00 NZ.
    expect(lastFullWeek(Date.UTC(2026, 10, 22, 10, 59)).from).toBe("2026-11-09");
    expect(lastFullWeek(Date.UTC(2026, 10, 22, 11, 0)).from).toBe("2026-11-16");
  });

  it("spans the daylight-saving change as seven calendar dates", () => {
    // NZ clocks went forward on Sunday 27 Sep 2026.
    const w = lastFullWeek(Date.UTC(2026, 8, 30));
    expect(w).toMatchObject({ from: "2026-09-21", to: "2026-09-27" });
  });
});

describe("median", () => {
  it("takes the middle, the mean of the two middles, or 0 for none", () => {
    expect(median([5, 1, 3])).toBe(3);
    expect(median([4, 1, 3, 10])).toBe(3.5);
    expect(median([])).toBe(0);
  });
});

describe("statementOf", () => {
  const week = lastFullWeek(Date.UTC(2026, 10, 26));

  it("ranks, shares and compares with the median", () => {
    const s = statementOf(week, "featured", "Wellington", 30, [10, 30, 50, 10]);
    expect(s).toMatchObject({ impressions: 30, peers: 4, median: 20, rank: 2, share: 0.3, fairShare: 0.25 });
    expect(comparisonWords(s)).toBe(
      "That is more than the median Featured listing there (20). You were 2nd of 4 Featured listings in Wellington by impressions.",
    );
  });

  it("gives ties the better place and says fewer in plain words", () => {
    const s = statementOf(week, "standard", "Auckland", 0, [0, 0, 7]);
    expect(s).toMatchObject({ rank: 2, median: 0, share: 0 });
    expect(comparisonWords(s)).toContain("the same as the median Standard listing");
    expect(comparisonWords(statementOf(week, "standard", "Auckland", 1, [1, 4, 7]))).toContain(
      "fewer than the median Standard listing there (4)",
    );
  });

  it("has no share when nobody was seen, and says when a listing was alone", () => {
    const s = statementOf(week, "standard", "Nelson", 0, [0]);
    expect(s.share).toBeNull();
    expect(comparisonWords(s)).toBe("Yours was the only one of the Standard listings in Nelson last week.");
  });

  it("writes ordinals", () => {
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
  });
});

describe("statementEmail", () => {
  it("keeps the listing, region and figures out of the subject", () => {
    const week = lastFullWeek(Date.UTC(2026, 10, 26));
    const statement = statementOf(week, "featured", "Wellington", 42, [42, 10]);
    const mail = statementEmail("Kiwi Companions", "https://example.nz/dashboard/insights", [
      { firstName: "Aroha", statement },
    ]);
    expect(mail.subject).toBe("Your weekly statement from Kiwi Companions");
    expect(mail.subject).not.toMatch(/Aroha|Wellington|42/);
    expect(mail.text).toContain("Aroha: 42 impressions, 80.8% of the group's");
    expect(mail.text).toContain("16 Nov – 22 Nov 2026");
    expect(mail.text).toContain("https://example.nz/dashboard/insights");
  });
});

describe("spreadOf", () => {
  it("is highest over lowest and the gap as a share of the group", () => {
    expect(spreadOf("standard", "Otago", [10, 20, 70])).toEqual({
      plan: "standard",
      region: "Otago",
      listings: 3,
      impressions: 100,
      ratio: 7,
      spread: 0.6,
      median: 20,
    });
  });

  it("has no ratio when the lowest had none", () => {
    expect(spreadOf("featured", "Otago", [0, 5])).toMatchObject({ ratio: null, spread: 1 });
  });
});
