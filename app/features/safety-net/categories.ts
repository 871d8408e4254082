// The incident categories a report and an alert choose from (docs/decisions/0023-safety-net.md), and how the
// number check names the ones a number is on.
import { monthLabel } from "~/platform/time/date-text";

export const SAFETY_CATEGORIES = [
  { id: "violence", label: "Violence" },
  { id: "threats", label: "Threats or stalking" },
  { id: "theft", label: "Theft or refusal to pay" },
  { id: "condom", label: "Condom refusal or stealthing" },
  { id: "police", label: "Posing as police" },
  { id: "no-show", label: "No-show" },
  { id: "other", label: "Other" },
] as const;

export type SafetyCategory = (typeof SAFETY_CATEGORIES)[number]["id"];

export function parseCategory(value: unknown): SafetyCategory | null {
  return SAFETY_CATEGORIES.find((c) => c.id === value)?.id ?? null;
}

export function categoryLabel(id: string): string {
  return SAFETY_CATEGORIES.find((c) => c.id === id)?.label ?? "Other";
}

// The number check's answer in words: the categories and months of the published alerts a number is on, never
// their text or reporter. The number check and a booking request's screening show it the same way
// (CheckMatches.tsx; docs/decisions/0023-safety-net.md, 0052-booking-requests.md).

export type MatchView = { categoryLabel: string; monthLabel: string };

export function matchViews(matches: readonly { category: string; month: string }[]): MatchView[] {
  return matches.map((m) => ({ categoryLabel: categoryLabel(m.category), monthLabel: monthLabel(m.month) }));
}

/** "No reports", "1 published alert", "3 published alerts". */
export function matchesHeading(count: number): string {
  if (count === 0) return "No reports";
  return count === 1 ? "1 published alert" : `${count} published alerts`;
}
