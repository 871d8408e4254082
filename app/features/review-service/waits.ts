// How long reviews take, for the public page people plan around (docs/decisions/0064-review-times-and-appeals.md):
// the median and the 90th percentile of the time from submitted to decided, over the decisions of the last
// 7 days. Unit-tested in tests/unit/review-times.test.ts.

export const WAIT_WINDOW_DAYS = 7;

export type WaitKind = "id" | "photo" | "takedown";

export const WAIT_LABELS: Record<WaitKind, string> = {
  id: "ID checks",
  photo: "Photo checks",
  takedown: "Takedown cases",
};

/**
 * The p-th percentile (0 < p ≤ 100) of `values` by the nearest-rank method: the smallest value with at least
 * p % of the values at or below it, so the answer is always a wait someone really had. Null when empty.
 */
export function percentile(values: readonly number[], p: number): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[Math.min(rank, sorted.length) - 1];
}

export type WaitSummary = { kind: WaitKind; decisions: number; median: number | null; p90: number | null };

export function summarise(kind: WaitKind, waitsMs: readonly number[]): WaitSummary {
  return { kind, decisions: waitsMs.length, median: percentile(waitsMs, 50), p90: percentile(waitsMs, 90) };
}

/** A wait in words: "under an hour", "5 hours", "2 days 3 hours". */
export function waitText(ms: number | null): string {
  if (ms === null) return "no decisions yet";
  const hours = Math.round(ms / 3_600_000);
  if (hours < 1) return "under an hour";
  if (hours < 48) return `${hours} ${hours === 1 ? "hour" : "hours"}`;
  const days = Math.floor(hours / 24);
  const rest = hours % 24;
  return rest === 0 ? `${days} days` : `${days} days ${rest} ${rest === 1 ? "hour" : "hours"}`;
}
