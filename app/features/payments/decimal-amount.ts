// Providers speak decimal strings ("35.00"); we keep integer cents. Both directions work on the digits as text,
// so no amount ever passes through a binary fraction (0.1 + 0.2 never happens here).

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
