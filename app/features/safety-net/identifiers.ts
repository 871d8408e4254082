// What a provider knows about the person: phone numbers and e-mail addresses. Each is put in one canonical
// form and prefixed with its kind, and only the keyed hash of that string is ever stored (safety-key.server.ts).
// A name is not taken: nothing could ever be looked up by it, so it is not collected at all
// (docs/decisions/0043-safety-net-second-pass.md). Pure: unit-tested in tests/unit/safety-net.test.ts.
import { toE164 } from "~/core/phone-numbers";

export const MAX_PHONES = 5;
export const MAX_EMAILS = 5;

const EMAIL = /^[^\s@]{1,64}@[^\s@]+\.[^\s@]{2,}$/;

/** An e-mail address as compared: trimmed and in lower case, or null when it is not one. */
export function canonicalEmail(input: string): string | null {
  const s = input.trim().toLowerCase();
  return s.length <= 254 && EMAIL.test(s) ? s : null;
}

export type IdentifierKind = "phone" | "email";

/** The string that is hashed: its kind, a colon, the canonical form. */
export function identifierKey(kind: IdentifierKind, canonical: string): string {
  return `${kind}:${canonical}`;
}

/** One entry per line or comma (a textarea). */
export function splitEntries(value: string): string[] {
  return value
    .split(/[\n,;]+/)
    .map((s) => s.trim())
    .filter(Boolean);
}

export const IDENTIFIER_MSG = {
  phone: (n: number) =>
    `Phone number ${n} cannot be read. Write it as a New Zealand number (021 123 4567, 09 123 4567) or with its country code (+61 412 345 678).`,
  tooManyPhones: `At most ${MAX_PHONES} phone numbers.`,
  email: (n: number) => `E-mail address ${n} is not an e-mail address.`,
  tooManyEmails: `At most ${MAX_EMAILS} e-mail addresses.`,
  checkWhat: "Type a phone number or an e-mail address.",
  checkUnreadable:
    "That is not a phone number or e-mail address we can read. Write a number as 021 123 4567 or +64 21 123 4567.",
} as const;

export type ParsedIdentifiers =
  { ok: true; keys: string[] } | { ok: false; errors: Partial<Record<"phones" | "emails", string>> };

/** The two list fields (one entry per line) and how each entry is read. */
const LIST_FIELDS = [
  {
    field: "phones",
    kind: "phone",
    max: MAX_PHONES,
    canonical: toE164,
    tooMany: IDENTIFIER_MSG.tooManyPhones,
    unreadable: IDENTIFIER_MSG.phone,
  },
  {
    field: "emails",
    kind: "email",
    max: MAX_EMAILS,
    canonical: canonicalEmail,
    tooMany: IDENTIFIER_MSG.tooManyEmails,
    unreadable: IDENTIFIER_MSG.email,
  },
] as const;

/** The report form's identifier fields as hash inputs (duplicates removed), or the errors beside each field. */
export function parseIdentifiers(fields: { phones?: string; emails?: string }): ParsedIdentifiers {
  const errors: Partial<Record<"phones" | "emails", string>> = {};
  const keys = new Set<string>();
  for (const list of LIST_FIELDS) {
    const entries = splitEntries(fields[list.field] ?? "");
    if (entries.length > list.max) errors[list.field] = list.tooMany;
    else
      entries.forEach((entry, i) => {
        const canonical = list.canonical(entry);
        if (!canonical) errors[list.field] ??= list.unreadable(i + 1);
        else keys.add(identifierKey(list.kind, canonical));
      });
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, keys: [...keys] };
}

/** The number check's one field: a phone number or an e-mail address, as a hash input. */
export function parseCheckQuery(value: string): { ok: true; key: string } | { ok: false; error: string } {
  const s = value.trim();
  if (!s) return { ok: false, error: IDENTIFIER_MSG.checkWhat };
  if (s.includes("@")) {
    const email = canonicalEmail(s);
    return email
      ? { ok: true, key: identifierKey("email", email) }
      : { ok: false, error: IDENTIFIER_MSG.checkUnreadable };
  }
  const e164 = toE164(s);
  return e164 ? { ok: true, key: identifierKey("phone", e164) } : { ok: false, error: IDENTIFIER_MSG.checkUnreadable };
}
