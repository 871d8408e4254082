// Money, in one place. It is integer cents in storage. Everything that leaves the server as JSON (cards,
// profiles, the owner's profile) speaks dollars, as the spec's screens show them; screens round rates down to
// whole dollars ('$350', and '$150' for $150.50) and write what is paid to the cent ('$35.00'); the payment provider speaks decimal strings
// ('35.00'). No amount ever passes through a binary fraction on its way to text.
/**
 * Cents as the whole dollars a screen shows for a rate. The spec rounds rates to whole dollars; down, so that
 * a rate is never shown higher than the provider set it ($150.50 reads '$150', not '$151').
 */
export function centsToWholeDollars(cents: number): number {
  return Math.trunc(cents / 100);
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

/** "$35.00", "$1,234.56": what is paid (plans, receipts, payments) keeps its cents, as the spec writes them. */
export function formatDollarsAndCents(cents: number): string {
  const dollars = Math.trunc(cents / 100);
  const rest = Math.abs(cents % 100);
  return `$${groupThousands(dollars)}.${String(rest).padStart(2, "0")}`;
}

// The payment provider speaks decimal strings ("35.00"). Both directions work on the digits as text, so no
// amount ever passes through a binary fraction (0.1 + 0.2 never happens here).

/** 3500 → "35.00", 1 → "0.01", 123456 → "1234.56". Only whole, non-negative, safe-integer cents. */
export function centsToDecimal(cents: number): string {
  if (!Number.isSafeInteger(cents) || cents < 0) {
    throw new RangeError(`An amount must be a whole, non-negative number of cents, not ${cents}`);
  }
  const digits = String(cents).padStart(3, "0");
  return `${digits.slice(0, -2)}.${digits.slice(-2)}`;
}

const DECIMAL_AMOUNT = /^(0|[1-9]\d{0,12})(?:\.(\d{1,2}))?$/;

/** "35.00" → 3500, "35" → 3500, "0.5" → 50. Anything else (signs, spaces, a third decimal, "1e3") → null. */
export function decimalToCents(text: unknown): number | null {
  if (typeof text !== "string") return null;
  const match = DECIMAL_AMOUNT.exec(text);
  if (!match) return null;
  const [, whole, fraction = ""] = match;
  return Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
}
