// The administrators' home (/admin): 'What is waiting for you', one card per queue, each a link to it. A queue
// that carries a promise of time (the Safety Net's 48 hours, docs/decisions/0023-safety-net.md) also says how
// long its oldest has waited and how many have passed the promise. Pure: the loader gives the counts and `now`;
// a queue that carries a promise brings its hours with its counts (the Safety Net sits above moderation in the
// feature order, so the route passes its counts in: app/features/safety-net/waiting.server.ts).

export type QueueCard = {
  key: string;
  label: string;
  count: number;
  to: string;
  none: string;
  what: string;
  /** How long the oldest has waited, in words; null for a queue with no promise or nothing in it. */
  oldest: string | null;
  /** How many have waited longer than the promise. */
  overdue: number;
  /** The overdue mark's words ('1 past 48 hours'); null when none is overdue. */
  overdueText: string | null;
};

const HOUR = 3_600_000;

/** '40 minutes', '5 hours', '2 days 3 hours': how long something has waited. */
export function waitedWords(since: number, now: number): string {
  const ms = Math.max(0, now - since);
  if (ms < HOUR) {
    const minutes = Math.floor(ms / 60_000);
    return minutes < 1 ? "less than a minute" : `${minutes} ${minutes === 1 ? "minute" : "minutes"}`;
  }
  const hours = Math.floor(ms / HOUR);
  if (hours < 48) return `${hours} ${hours === 1 ? "hour" : "hours"}`;
  const days = Math.floor(hours / 24);
  const rest = hours % 24;
  return `${days} days${rest ? ` ${rest} ${rest === 1 ? "hour" : "hours"}` : ""}`;
}

/** The overdue mark's words: '1 past 48 hours'. */
export const overdueWords = (n: number, promiseHours: number) => `${n} past ${promiseHours} hours`;

/**
 * A queue with a promise of time: how many, when the oldest arrived, how many passed the promise, and the
 * promise itself in hours.
 */
export type Timed = { count: number; oldestAt: number | null; overdue: number; promiseHours: number };

/** What waits in moderation's, verification's and billing's queues (admin-home.server.ts counts it). */
export type ModerationCounts = {
  verifications: number;
  reports: number;
  openPayments: number;
  strayPayments: number;
  failedRenewals: number;
};

/** What waits in each queue: moderation's counts and the Safety Net's (safety-net/waiting.server.ts). */
export type QueueCounts = ModerationCounts & {
  safetyReports: Timed;
  safetyCorrections: Timed;
  /** Takedown cases and appeals (decisions 0063, 0064): features above moderation, so the route passes them in. */
  takedowns?: Timed;
  appeals?: number;
};

const timed = (w: Timed, now: number) => ({
  count: w.count,
  oldest: w.count > 0 && w.oldestAt !== null ? waitedWords(w.oldestAt, now) : null,
  overdue: w.overdue,
  overdueText: w.overdue > 0 ? overdueWords(w.overdue, w.promiseHours) : null,
});

const plain = (count: number) => ({ count, oldest: null, overdue: 0, overdueText: null });

export function queueCards(counts: QueueCounts, now: number): QueueCard[] {
  const later: QueueCard[] = [];
  if (counts.takedowns)
    later.push({
      key: "takedowns",
      label: "Takedown cases open",
      ...timed(counts.takedowns, now),
      to: "/admin/takedowns",
      none: "No open takedown cases.",
      what: "People listed, or whose photos are used, without consent: the owner's 48 hours, then yours.",
    });
  if (counts.appeals !== undefined)
    later.push({
      key: "appeals",
      label: "Appeals open",
      ...plain(counts.appeals),
      to: "/admin/appeals",
      none: "No open appeals.",
      what: "One appeal of a refusal each, for an administrator who did not make it.",
    });
  return [
    {
      key: "verifications",
      label: "Verifications waiting",
      ...plain(counts.verifications),
      to: "/admin/verifications",
      none: "No requests waiting.",
      what: "ID and photo checks to approve or refuse, oldest first.",
    },
    {
      key: "reports",
      label: "Reports open",
      ...plain(counts.reports),
      to: "/admin/reports",
      none: "No open reports.",
      what: "Visitors' reports to handle within 48 hours.",
    },
    {
      key: "safety-reports",
      label: "Safety Net reports waiting",
      ...timed(counts.safetyReports, now),
      to: "/admin/safety-net",
      none: "No Safety Net reports waiting.",
      what: `Providers' incident reports to publish, question or decline within ${counts.safetyReports.promiseHours} hours.`,
    },
    {
      key: "safety-corrections",
      label: "Correction requests",
      ...timed(counts.safetyCorrections, now),
      to: "/admin/safety-net#corrections-heading",
      none: "No correction requests waiting.",
      what: `People who think a Safety Net alert is about them, to answer within ${counts.safetyCorrections.promiseHours} hours.`,
    },
    {
      key: "open-payments",
      label: "Payments left open",
      ...plain(counts.openPayments),
      to: "/admin/subscriptions#open-title",
      none: "No payments left open.",
      what: "Open for more than two hours: ask the provider, or give up.",
    },
    {
      key: "stray-payments",
      label: "Payments that bought nothing",
      ...plain(counts.strayPayments),
      to: "/admin/subscriptions#stray-title",
      none: "Nothing to refund.",
      what: "Refunds still to send or to confirm.",
    },
    {
      key: "failed-renewals",
      label: "Failed renewals",
      ...plain(counts.failedRenewals),
      to: "/admin/subscriptions?status=past_due",
      none: "No failed renewals.",
      what: "Past due: the second attempt is still to come.",
    },
    ...later,
  ];
}
