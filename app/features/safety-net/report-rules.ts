// The report and the alert as the forms send them: checked here, with the words beside each field
// (docs/decisions/0023-safety-net.md). Pure: unit-tested in tests/unit/safety-net.test.ts.
import { daysBetween, isCalendarDate, nzDate } from "~/platform/time/nz-time";
import { parseRegion } from "~/core/regions";
import type { Region } from "~/core/regions";
import { parseCategory } from "./categories";
import type { SafetyCategory } from "./categories";
import { parseIdentifiers } from "./identifiers";

export const DESCRIPTION_MIN = 10;
export const DESCRIPTION_MAX = 4000;
export const ALERT_TEXT_MIN = 10;
export const ALERT_TEXT_MAX = 600;
export const QUESTION_MAX = 1000;
export const ANSWER_MAX = 2000;
export const REASON_MAX = 500;
/** How far back an incident may be: older ones would expire almost as soon as they were published. */
export const INCIDENT_MAX_DAYS = 365;

export const SAFETY_MSG = {
  date: "Choose the date it happened.",
  futureDate: "The date cannot be in the future.",
  oldDate: `Only incidents from the last ${INCIDENT_MAX_DAYS} days can be reported here.`,
  region: "Choose a region.",
  category: "Choose what happened.",
  description: `Say what happened in ${DESCRIPTION_MIN} to ${DESCRIPTION_MAX} characters.`,
  notAllowed: "The Safety Net is for providers whose ID verification was approved.",
  tooManyReports: "You have sent 5 reports in the last 7 days. Please contact us if you need to send more.",
  reportNotFound: "That report was not found. It may have been withdrawn or have expired.",
  tooManyChecks: "You have used today's 30 checks. Checks are limited so that nobody can copy the list.",
  notConfigured: "The Safety Net is not available right now.",
  month: "Choose the month as YYYY-MM, not in the future.",
  alertText: `Write the alert in ${ALERT_TEXT_MIN} to ${ALERT_TEXT_MAX} characters.`,
  question: `Write the question (at most ${QUESTION_MAX} characters).`,
  answer: `Write your answer (at most ${ANSWER_MAX} characters).`,
  reason: `Give the reason (at most ${REASON_MAX} characters).`,
  notWaiting: "That report is no longer waiting for a decision.",
  notAsked: "There is no question waiting for your answer on that report.",
  notPublished: "That alert is not published.",
  correctionContact: "Give an e-mail address or phone number we can reply to.",
  correctionMessage: "Tell us which alert you mean and what is wrong with it (10 to 2000 characters).",
} as const;

export type ReportFields = {
  incidentDate: string;
  region: Region;
  category: SafetyCategory;
  description: string;
  identifierKeys: string[];
};

export type FieldErrors = Record<string, string>;

const text = (form: Record<string, string | undefined>, name: string) => (form[name] ?? "").trim();

export function checkIncidentDate(value: string, now: number): string | null {
  if (!isCalendarDate(value)) return SAFETY_MSG.date;
  const ago = daysBetween(value, nzDate(now));
  if (ago < 0) return SAFETY_MSG.futureDate;
  if (ago > INCIDENT_MAX_DAYS) return SAFETY_MSG.oldDate;
  return null;
}

/** The report form, or every field's error. */
export function parseReport(
  form: Record<string, string | undefined>,
  now: number,
): { ok: true; report: ReportFields } | { ok: false; errors: FieldErrors } {
  const errors: FieldErrors = {};
  const incidentDate = text(form, "incidentDate");
  const dateError = checkIncidentDate(incidentDate, now);
  if (dateError) errors.incidentDate = dateError;
  const region = parseRegion(text(form, "region"));
  if (!region) errors.region = SAFETY_MSG.region;
  const category = parseCategory(text(form, "category"));
  if (!category) errors.category = SAFETY_MSG.category;
  const description = text(form, "description");
  if (description.length < DESCRIPTION_MIN || description.length > DESCRIPTION_MAX)
    errors.description = SAFETY_MSG.description;
  const identifiers = parseIdentifiers({ phones: form.phones, emails: form.emails });
  if (!identifiers.ok) Object.assign(errors, identifiers.errors);
  if (Object.keys(errors).length > 0 || !region || !category || !identifiers.ok) return { ok: false, errors };
  return { ok: true, report: { incidentDate, region, category, description, identifierKeys: identifiers.keys } };
}

export type AlertFields = { region: Region; month: string; category: SafetyCategory; text: string };

/** The administrator's alert: region, month (YYYY-MM), category and a short text. */
export function parseAlert(
  form: Record<string, string | undefined>,
  now: number,
): { ok: true; alert: AlertFields } | { ok: false; errors: FieldErrors } {
  const errors: FieldErrors = {};
  const region = parseRegion(text(form, "alertRegion"));
  if (!region) errors.alertRegion = SAFETY_MSG.region;
  const month = text(form, "alertMonth");
  if (!/^\d{4}-(0[1-9]|1[0-2])$/.test(month) || month > nzDate(now).slice(0, 7)) errors.alertMonth = SAFETY_MSG.month;
  const category = parseCategory(text(form, "alertCategory"));
  if (!category) errors.alertCategory = SAFETY_MSG.category;
  const alertText = text(form, "alertText");
  if (alertText.length < ALERT_TEXT_MIN || alertText.length > ALERT_TEXT_MAX) errors.alertText = SAFETY_MSG.alertText;
  if (Object.keys(errors).length > 0 || !region || !category) return { ok: false, errors };
  return { ok: true, alert: { region, month, category, text: alertText } };
}

/** A required free text of at most `max` characters, or null. */
export function boundedText(value: string | undefined, max: number, min = 1): string | null {
  const s = (value ?? "").trim();
  return s.length >= min && s.length <= max ? s : null;
}
