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

/**
 * A whole number grouped by thousands as en-NZ writes it ('1,250'). By hand because Intl.NumberFormat's
 * format() cost about 1 % of a grid page's render, for a few prices per card.
 */
export function groupThousands(whole: number): string {
  const digits = String(Math.abs(whole));
  let out = digits.slice(0, ((digits.length - 1) % 3) + 1);
  for (let i = out.length; i < digits.length; i += 3) out += `,${digits.slice(i, i + 3)}`;
  return whole < 0 ? `-${out}` : out;
}

export function formatDollars(cents: number | null | undefined): string | null {
  if (cents == null || !Number.isFinite(cents)) return null;
  return `$${groupThousands(centsToWholeDollars(cents))}`;
}

/** A dollar amount from the API (`rate60`, `rates[].price`) as the screens show it: '$350'. */
export function formatDollarAmount(dollars: number | null | undefined): string | null {
  if (dollars == null || !Number.isFinite(dollars)) return null;
  return formatDollars(Math.round(dollars * 100));
}
