// The administrators' home cards (app/features/moderation/admin-home.ts): how long the oldest has waited, in
// words, and the Safety Net's queues with their 48-hour promise.
import { describe, expect, it } from "vitest";
import { overdueWords, queueCards, waitedWords } from "~/features/moderation/admin-home";
import type { QueueCounts } from "~/features/moderation/admin-home";

const NOW = Date.UTC(2026, 11, 1, 9);
const H = 3_600_000;

describe("waitedWords", () => {
  it("says minutes, then hours up to two days, then days and hours", () => {
    expect(waitedWords(NOW - 20_000, NOW)).toBe("less than a minute");
    expect(waitedWords(NOW - 60_000, NOW)).toBe("1 minute");
    expect(waitedWords(NOW - 59 * 60_000, NOW)).toBe("59 minutes");
    expect(waitedWords(NOW - H, NOW)).toBe("1 hour");
    expect(waitedWords(NOW - 47.9 * H, NOW)).toBe("47 hours");
    expect(waitedWords(NOW - 48 * H, NOW)).toBe("2 days");
    expect(waitedWords(NOW - 49 * H, NOW)).toBe("2 days 1 hour");
    expect(waitedWords(NOW - 75 * H, NOW)).toBe("3 days 3 hours");
    // A clock a little ahead of the server's is not a negative wait.
    expect(waitedWords(NOW + 5000, NOW)).toBe("less than a minute");
  });
});

describe("queueCards", () => {
  const counts: QueueCounts = {
    verifications: 1,
    reports: 0,
    openPayments: 0,
    strayPayments: 0,
    failedRenewals: 0,
    safetyReports: { count: 3, oldestAt: NOW - 50 * H, overdue: 1, promiseHours: 48 },
    safetyCorrections: { count: 0, oldestAt: null, overdue: 0, promiseHours: 48 },
  };

  it("has a card for Safety Net reports and one for correction requests, after the visitors' reports", () => {
    const cards = queueCards(counts, NOW);
    expect(cards.map((c) => c.key)).toEqual([
      "verifications",
      "reports",
      "safety-reports",
      "safety-corrections",
      "open-payments",
      "stray-payments",
      "failed-renewals",
    ]);
    expect(cards[2]).toMatchObject({
      count: 3,
      oldest: "2 days 2 hours",
      overdue: 1,
      overdueText: "1 past 48 hours",
      to: "/admin/safety-net",
    });
    expect(cards[3]).toMatchObject({ count: 0, oldest: null, overdue: 0, none: "No correction requests waiting." });
    // Queues without a promise of time say nothing about age.
    expect(cards[0]).toMatchObject({ count: 1, oldest: null, overdue: 0, overdueText: null });
    expect(overdueWords(2, 48)).toBe("2 past 48 hours");
  });
});

describe("takedown cases and appeals on the home", () => {
  it("come last, the takedowns with their clock's overdue count", () => {
    const cards = queueCards(
      {
        verifications: 0,
        reports: 0,
        openPayments: 0,
        strayPayments: 0,
        failedRenewals: 0,
        safetyReports: { count: 0, oldestAt: null, overdue: 0, promiseHours: 48 },
        safetyCorrections: { count: 0, oldestAt: null, overdue: 0, promiseHours: 48 },
        takedowns: { count: 2, oldestAt: NOW - 3 * H, overdue: 1, promiseHours: 48 },
        appeals: 4,
      },
      NOW,
    );
    expect(cards.slice(-2)).toMatchObject([
      { key: "takedowns", count: 2, oldest: "3 hours", overdueText: "1 past 48 hours", to: "/admin/takedowns" },
      { key: "appeals", count: 4, oldest: null, to: "/admin/appeals" },
    ]);
  });
});
