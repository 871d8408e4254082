// NZ calendar dates ("2026-12-05") as directories write them: "5 Dec", "3–5 Dec". Apart from nz-time.ts,
// whose clock builds an Intl formatter when loaded: listing cards need these alone.
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"] as const;

/** "5 Dec" */
export function shortDate(date: string): string {
  const [, m, d] = date.split("-").map(Number);
  return `${d} ${MONTHS[m - 1]}`;
}

/** "3–5 Dec", "28 Nov–2 Dec", or "3 Dec" for one day: how NZ directories write a short stay. */
export function shortDateRange(start: string, end: string): string {
  if (start === end) return shortDate(start);
  const [, sm, sd] = start.split("-").map(Number);
  const [, em] = end.split("-").map(Number);
  return sm === em ? `${sd}–${shortDate(end)}` : `${shortDate(start)}–${shortDate(end)}`;
}
