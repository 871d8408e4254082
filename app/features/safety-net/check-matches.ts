// The number check's answer in words: the categories and months of the published alerts a number is on, never
// their text or reporter. The number check and a booking request's screening show it the same way
// (CheckMatches.tsx; docs/decisions/0023-safety-net.md, 0052-booking-requests.md). Pure.
import { monthLabel } from "~/platform/time/date-text";
import { categoryLabel } from "./categories";

export type MatchView = { categoryLabel: string; monthLabel: string };

export function matchViews(matches: readonly { category: string; month: string }[]): MatchView[] {
  return matches.map((m) => ({ categoryLabel: categoryLabel(m.category), monthLabel: monthLabel(m.month) }));
}

/** "No reports", "1 published alert", "3 published alerts". */
export function matchesHeading(count: number): string {
  if (count === 0) return "No reports";
  return count === 1 ? "1 published alert" : `${count} published alerts`;
}
