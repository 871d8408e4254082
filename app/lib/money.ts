// Money is integer cents in storage. Everything that leaves the server as JSON (cards, profiles, the owner's
// profile) speaks dollars, as the spec's screens show them; screens round to whole dollars.
export function centsToWholeDollars(cents: number): number {
  return Math.round(cents / 100);
}

/** Stored cents as the public API's dollars (350.5 for 35050): exact to the cent, never rounded. */
export function centsToDollars(cents: number): number;
export function centsToDollars(cents: number | null): number | null;
export function centsToDollars(cents: number | null): number | null {
  return cents == null ? null : cents / 100;
}

// One formatter for every call: toLocaleString builds a new one each time, a cost every card's price paid.
const WHOLE_DOLLARS = new Intl.NumberFormat("en-NZ");

export function formatDollars(cents: number | null | undefined): string | null {
  if (cents == null || !Number.isFinite(cents)) return null;
  return `$${WHOLE_DOLLARS.format(centsToWholeDollars(cents))}`;
}

/** A dollar amount from the API (`rate60`, `rates[].price`) as the screens show it: '$350'. */
export function formatDollarAmount(dollars: number | null | undefined): string | null {
  if (dollars == null || !Number.isFinite(dollars)) return null;
  return formatDollars(Math.round(dollars * 100));
}
