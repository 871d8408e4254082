// The takedown route's pure rules: the form's fields, the case's states and its clock under the Harmful
// Digital Communications Act 2015 s 24 (docs/decisions/0063-takedown-cases.md). Unit-tested in
// tests/unit/takedowns.test.ts.

/** Hours the owner has to be told of a complaint, and then to answer it (HDCA s 24(2)). */
export const NOTICE_HOURS = 48;
export const ANSWER_HOURS = 48;
/** An administrator's target for deciding a disputed case, from the owner's answer. */
export const DECIDE_HOURS = 48;
const HOUR_MS = 3_600_000;

export const DETAILS_MIN = 20;
export const DETAILS_MAX = 2000;
export const ANSWER_MIN = 10;
export const ANSWER_MAX = 2000;
export const REASON_MIN = 10;
export const REASON_MAX = 600;
export const CONTACT_MAX = 254;
/** A proof photo's largest size, as the ID documents' (spec provider §5). */
export const PROOF_MAX_BYTES = 5 * 1024 * 1024;
/** The whole form with its photo: anything larger is refused before it is read. */
export const FORM_MAX_BYTES = PROOF_MAX_BYTES + 64 * 1024;

/** Open cases one contact address may have at once, and cases one client network may open in a day. */
export const OPEN_PER_CONTACT = 3;
export const PER_NETWORK_DAY = 5;
/** Cases on one page of the administrators' queue. */
export const CASES_PAGE_SIZE = 20;

export type TakedownKind = "listed" | "photos";
export type CaseStatus = "waiting" | "contested" | "decided";
export type Outcome = "taken_down" | "kept_up";

export const KIND_LABELS: Record<TakedownKind, string> = {
  listed: "I am the person in this listing and I did not agree to it",
  photos: "These are my photos, used without my consent",
};

/** The steps, said on the form's page and in the owner's notice. */
export const HDCA_STEPS = [
  "We tell the listing's owner within 48 hours, with a copy of what you wrote. We never give them your address or your proof photo.",
  "The owner may answer within 48 hours of being told: agree to remove it, or say why it should stay.",
  "If the owner does not answer in time, the content comes down. If they agree, it comes down at once.",
  "If the owner disputes it, an administrator decides, and gives the reason.",
  "We tell you both the outcome by e-mail. If the content stays up, you may appeal once.",
] as const;

export const TAKEDOWN_MSG = {
  contact: "Enter an e-mail address we can write to with the outcome.",
  kind: "Choose what is wrong.",
  details: `Tell us what is wrong in ${DETAILS_MIN} to ${DETAILS_MAX} characters.`,
  photos: "Choose the photos that are yours.",
  confirm: "Confirm that this is about you or your own photos.",
  proofType: "The proof photo must be a JPEG, PNG or WebP image.",
  proofSize: "The proof photo must be 5 MB or smaller.",
  proofUnreadable: "We could not read the proof photo. Please try another picture.",
  tooLarge: "The form is too large. The proof photo must be 5 MB or smaller.",
  rateLimited: "Too many requests have been sent from your connection today. Please try again tomorrow or write to us.",
  notFound: "Listing not found",
  sent: "We have your request. We will write to you with the outcome; the steps and their times are below.",
  answer: `Write your answer in ${ANSWER_MIN} to ${ANSWER_MAX} characters.`,
  answerChoice: "Choose whether you agree to remove it or dispute it.",
  answered: "This case has already been answered or decided.",
  reason: `Give the reason in ${REASON_MIN} to ${REASON_MAX} characters.`,
  decided: "This case has already been decided.",
  noPhotos: "This case names no photos to hide.",
} as const;

export type CaseForm = {
  contact: string;
  kind: TakedownKind;
  details: string;
  imageIds: string[];
};

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The address as kept: trimmed and in lower case, or null when it is not one. */
export function contactAddress(raw: string | undefined): string | null {
  const value = (raw ?? "").trim().toLowerCase();
  return value.length <= CONTACT_MAX && EMAIL.test(value) ? value : null;
}

/** Trimmed text within bounds, or null. */
export function boundedText(raw: string | undefined, min: number, max: number): string | null {
  const value = (raw ?? "").trim();
  return value.length >= min && value.length <= max ? value : null;
}

/**
 * The form's text fields (the photo is checked by its bytes elsewhere), or the error beside each field.
 * `photoIds` are the listing's public photos: only those may be named.
 */
export function parseCaseForm(
  fields: { contact?: string; kind?: string; details?: string; confirm?: string; imageIds: string[] },
  photoIds: readonly string[],
): { ok: true; form: CaseForm } | { ok: false; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const contact = contactAddress(fields.contact);
  if (!contact) errors.contact = TAKEDOWN_MSG.contact;
  const kind = fields.kind === "listed" || fields.kind === "photos" ? fields.kind : null;
  if (!kind) errors.kind = TAKEDOWN_MSG.kind;
  const details = boundedText(fields.details, DETAILS_MIN, DETAILS_MAX);
  if (!details) errors.details = TAKEDOWN_MSG.details;
  if (fields.confirm !== "yes") errors.confirm = TAKEDOWN_MSG.confirm;
  const known = new Set(photoIds);
  const imageIds = [...new Set(fields.imageIds)].filter((id) => known.has(id));
  if (kind === "photos" && (imageIds.length === 0 || imageIds.length !== new Set(fields.imageIds).size))
    errors.imageIds = TAKEDOWN_MSG.photos;
  if (!contact || !kind || !details || Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, form: { contact, kind, details, imageIds: kind === "photos" ? imageIds : [] } };
}

export type OwnerAnswer = { agree: true } | { agree: false; answer: string };

export function parseOwnerAnswer(fields: {
  choice?: string;
  answer?: string;
}): { ok: true; answer: OwnerAnswer } | { ok: false; errors: Record<string, string> } {
  if (fields.choice === "agree") return { ok: true, answer: { agree: true } };
  if (fields.choice !== "dispute") return { ok: false, errors: { choice: TAKEDOWN_MSG.answerChoice } };
  const answer = boundedText(fields.answer, ANSWER_MIN, ANSWER_MAX);
  if (!answer) return { ok: false, errors: { answer: TAKEDOWN_MSG.answer } };
  return { ok: true, answer: { agree: false, answer } };
}

/** The times of a new case: the owner is told at once, so the notice step is met when it is filed. */
export function newCaseClock(now: number): { notifiedAt: number; answerDueAt: number } {
  return { notifiedAt: now, answerDueAt: now + ANSWER_HOURS * HOUR_MS };
}

export type ClockInput = {
  status: CaseStatus;
  createdAt: number;
  answerDueAt: number | null;
  answeredAt: number | null;
};

export type Clock = {
  /** What the case waits for. */
  step: "owner" | "administrator" | "none";
  /** When that step is due, null once decided. */
  dueAt: number | null;
  overdue: boolean;
  /** "31 h left", "5 h overdue", "" once decided. */
  text: string;
};

/**
 * A case's clock: a waiting case waits for the owner until its answer is due (then the scheduled pass takes
 * the content down); a disputed case waits for an administrator, DECIDE_HOURS from the answer.
 */
export function caseClock(c: ClockInput, now: number): Clock {
  if (c.status === "decided") return { step: "none", dueAt: null, overdue: false, text: "" };
  const dueAt =
    c.status === "waiting"
      ? (c.answerDueAt ?? c.createdAt + (NOTICE_HOURS + ANSWER_HOURS) * HOUR_MS)
      : (c.answeredAt ?? c.createdAt) + DECIDE_HOURS * HOUR_MS;
  const overdue = now >= dueAt;
  const hours = Math.max(1, Math.ceil(Math.abs(dueAt - now) / HOUR_MS));
  return {
    step: c.status === "waiting" ? "owner" : "administrator",
    dueAt,
    overdue,
    text: overdue ? `${hours} h overdue` : `${hours} h left`,
  };
}

/** True when the scheduled pass takes the content down: no answer and the answer window has passed. */
export function answerWindowPassed(c: ClockInput, now: number): boolean {
  return c.status === "waiting" && c.answerDueAt !== null && now >= c.answerDueAt;
}

export type AdminDecision = "take_down" | "keep_up" | "hide_photos";

export function parseAdminDecision(
  intent: unknown,
  reasonRaw: string | undefined,
): { ok: true; decision: AdminDecision; reason: string } | { ok: false; error: string } {
  if (intent !== "take_down" && intent !== "keep_up" && intent !== "hide_photos")
    return { ok: false, error: "Unknown action" };
  const reason = (reasonRaw ?? "").trim();
  // Every refusal states its reason (keeping the content up refuses the complainant).
  if (intent === "keep_up" && (reason.length < REASON_MIN || reason.length > REASON_MAX))
    return { ok: false, error: TAKEDOWN_MSG.reason };
  if (reason.length > REASON_MAX) return { ok: false, error: TAKEDOWN_MSG.reason };
  return { ok: true, decision: intent, reason };
}

/** Pages needed for `total` cases; one page even when there are none. */
export function pageCount(total: number): number {
  return Math.max(1, Math.ceil(total / CASES_PAGE_SIZE));
}

export function parsePage(value: string | null): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 && n <= 100_000 ? n : 1;
}

export function parseIdList(json: string | null | undefined): string[] {
  try {
    const value: unknown = JSON.parse(json ?? "[]");
    return Array.isArray(value) ? value.filter((x): x is string => typeof x === "string") : [];
  } catch {
    return [];
  }
}
