// The correction requests' pure rules: the form's fields, the words two requests share when they fold into
// one, and the administrators' pages (docs/decisions/0043-safety-net-second-pass.md). Unit-tested in
// tests/unit/safety-net.test.ts.
import { canonicalEmail, parseCheckQuery } from "./identifiers";
import { toE164 } from "~/core/phone-numbers";
import { boundedText, SAFETY_MSG } from "./report-rules";

export const CORRECTION_MESSAGE_MIN = 10;
export const CORRECTION_MESSAGE_MAX = 2000;
/** Open correction requests on one page of the administrators' screen. */
export const CORRECTIONS_PAGE_SIZE = 20;

export type CorrectionFields = { contact: string; message: string; identifierKey: string | null };

/**
 * The form, or the error beside each field. The contact is kept in one form (an e-mail address in lower case,
 * a phone number in E.164), so the limit per contact address counts every way of writing it once.
 */
export function parseCorrection(
  fields: Record<string, string | undefined>,
): { ok: true; correction: CorrectionFields } | { ok: false; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const contactRaw = (fields.contact ?? "").trim();
  const contact = canonicalEmail(contactRaw) ?? toE164(contactRaw);
  if (!contact) errors.contact = SAFETY_MSG.correctionContact;
  const message = boundedText(fields.message, CORRECTION_MESSAGE_MAX, CORRECTION_MESSAGE_MIN);
  if (!message) errors.message = SAFETY_MSG.correctionMessage;
  const identifierRaw = (fields.identifier ?? "").trim();
  let identifierKey: string | null = null;
  if (identifierRaw) {
    const parsed = parseCheckQuery(identifierRaw);
    if (!parsed.ok) errors.identifier = parsed.error;
    else identifierKey = parsed.key;
  }
  if (!contact || !message || Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, correction: { contact, message, identifierKey } };
}

/** The words as compared for folding: letters in one case, any run of spaces or line breaks as one space. */
export function foldedWords(message: string): string {
  return message.normalize("NFKC").toLowerCase().replace(/\s+/g, " ").trim();
}

/** Pages needed for `total` requests; one page even when there are none. */
export function pageCount(total: number): number {
  return Math.max(1, Math.ceil(total / CORRECTIONS_PAGE_SIZE));
}

/** The page number from ?corrections=, 1 when missing or malformed. */
export function parseCorrectionPage(value: string | null): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 && n <= 100_000 ? n : 1;
}
