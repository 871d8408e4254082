// Who the receipts name as the supplier (docs/billing.md, 'Receipts'): every receipt is a tax invoice with
// GST in the price, so it must carry the business's real GST number. wrangler.toml ships a placeholder;
// production takes no payment and mails no receipt until a real one is set
// (docs/decisions/0045-account-recovery-mail-and-receipts.md). Development keeps the placeholder.

/** The value wrangler.toml ships with, so that a deploy that forgot it is told so by name. */
export const PLACEHOLDER_GST_NUMBER = "000-000-000";

const PRIMARY_WEIGHTS = [3, 2, 7, 6, 5, 4, 3, 2];
const SECONDARY_WEIGHTS = [7, 4, 3, 2, 5, 2, 7, 6];

/** The check digit of an 8-digit base under `weights`, or 10 when these weights give none. */
function checkDigit(base: number[], weights: number[]): number {
  const remainder = base.reduce((sum, digit, i) => sum + digit * weights[i], 0) % 11;
  return remainder === 0 ? 0 : 11 - remainder;
}

/**
 * True for a New Zealand GST number, which is the business's IRD number: 8 or 9 digits (dashes and spaces
 * allowed between them) within the range Inland Revenue issues, whose last digit is the modulus-11 check digit
 * of the others (Inland Revenue's published rule: primary weights, then secondary ones when the first gives 10).
 */
export function isGstNumber(value: string | null | undefined): boolean {
  const digits = (value ?? "").replace(/[\s-]/g, "");
  if (!/^\d{8,9}$/.test(digits)) return false;
  const n = Number(digits);
  if (n < 10_000_000 || n > 150_000_000) return false;
  const base = digits.slice(0, -1).padStart(8, "0").split("").map(Number);
  const given = Number(digits.at(-1));
  const primary = checkDigit(base, PRIMARY_WEIGHTS);
  if (primary !== 10) return primary === given;
  const secondary = checkDigit(base, SECONDARY_WEIGHTS);
  return secondary !== 10 && secondary === given;
}

/** Why receipts cannot be issued with these settings, or null when they can. */
export function supplierProblem(env: { BILLING_SUPPLIER_NAME?: string; BILLING_GST_NUMBER?: string }): string | null {
  const number = env.BILLING_GST_NUMBER?.trim() ?? "";
  if (!number) return "BILLING_GST_NUMBER is not set";
  if (number === PLACEHOLDER_GST_NUMBER) return `BILLING_GST_NUMBER is still the placeholder ${PLACEHOLDER_GST_NUMBER}`;
  if (!isGstNumber(number)) return "BILLING_GST_NUMBER is not a valid GST number";
  if (!env.BILLING_SUPPLIER_NAME?.trim()) return "BILLING_SUPPLIER_NAME is not set";
  return null;
}
