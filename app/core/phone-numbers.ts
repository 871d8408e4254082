// Phone numbers as the Safety Net compares them: E.164 ("+6421234567"), so "021 123 4567", "(021) 123-4567",
// "+64 21 123 4567", "+64 (0)21 123 4567", "0064 21 1234567" and "64211234567" all hash alike
// (docs/decisions/0023-safety-net.md). Pure: unit-tested in tests/unit/safety-net.test.ts.

/** Separators people write inside numbers; anything else (letters, extension marks) makes a number unreadable. */
const SEPARATORS = /[\s\-.()/\u00a0\u2010-\u2015]/g;

/**
 * New Zealand national significant numbers (without the trunk 0) by their first digit: mobiles 02x have 8 to
 * 10 digits, landlines (03, 04, 06, 07, 09) exactly 8, and 0508 / 0800 / 0900 numbers 9 or 10.
 */
function isNzNationalNumber(digits: string): boolean {
  const first = digits[0];
  if (first === "2") return digits.length >= 8 && digits.length <= 10;
  if (first === "3" || first === "4" || first === "6" || first === "7" || first === "9") return digits.length === 8;
  if (first === "5" || first === "8") return digits.length === 9 || digits.length === 10;
  return false;
}

/** E.164 allows at most 15 digits after the +; fewer than 7 is no real subscriber number anywhere. */
function isInternational(digits: string): boolean {
  return /^[1-9]\d{6,14}$/.test(digits);
}

/** The number in E.164, or null when it cannot be read as a phone number. */
export function toE164(input: string): string | null {
  let s = input.trim();
  if (s.length === 0 || s.length > 40) return null;
  // "+64 (0)21 ..." writes the trunk 0 that an international caller leaves out.
  s = s.replace(/\(0\)/g, "");
  s = s.replace(SEPARATORS, "");
  let international: boolean;
  if (s.startsWith("+")) {
    international = true;
    s = s.slice(1);
  } else if (s.startsWith("00")) {
    // Dialled from New Zealand: 00 is the international prefix.
    international = true;
    s = s.slice(2);
  } else {
    international = false;
  }
  if (!/^\d+$/.test(s)) return null;
  if (!international) {
    if (s.startsWith("0")) {
      const national = s.slice(1);
      return isNzNationalNumber(national) ? `+64${national}` : null;
    }
    // "64 21 123 4567" with the + left off.
    if (s.startsWith("64") && isNzNationalNumber(s.slice(2).replace(/^0/, "")))
      return `+64${s.slice(2).replace(/^0/, "")}`;
    return null;
  }
  if (s.startsWith("64")) {
    const national = s.slice(2).replace(/^0/, "");
    return isNzNationalNumber(national) ? `+64${national}` : null;
  }
  return isInternational(s) ? `+${s}` : null;
}

/**
 * Every stored form of the same number. Listings store a contact number as its digits (a leading + and the
 * separators removed), so one number may be saved as "0211234567", "64211234567" or "0064211234567"; a number
 * that cannot be read is only itself. Used to tell one number on two accounts' listings
 * (docs/decisions/0062-one-number-one-account.md).
 */
export function storedNumberForms(digits: string): string[] {
  const e164 = toE164(digits) ?? (/^\d+$/.test(digits) ? toE164(`+${digits}`) : null);
  if (!e164) return [digits];
  const international = e164.slice(1);
  const forms = [international, `00${international}`];
  if (international.startsWith("64")) {
    const national = international.slice(2);
    forms.push(`0${national}`, `640${national}`, `00640${national}`);
  }
  return forms;
}
