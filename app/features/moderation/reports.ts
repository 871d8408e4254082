// Reports of a listing (public form, admin queue): the rules and the form's schema. Kept apart from the
// admin action rules so the grid, which every visitor loads, does not ship zod.
import { waitedText } from "~/platform/time/date-text";
import { z } from "zod";

export const REPORT_REASONS = [
  { value: "underage", label: "The person may be under 18" },
  { value: "not-consenting", label: "The person may not be advertising by choice" },
  { value: "fake", label: "Fake or misleading listing" },
  { value: "photos", label: "Photos are not of this person" },
  { value: "scam", label: "Scam or fraud" },
  { value: "illegal", label: "Illegal content or services" },
  { value: "abuse", label: "Harassment or abuse" },
  { value: "other", label: "Something else" },
] as const;

export type ReportReason = (typeof REPORT_REASONS)[number]["value"];

export function reportReasonLabel(value: string): string {
  return REPORT_REASONS.find((r) => r.value === value)?.label ?? value;
}

export const REPORT_DETAILS_MAX = 2000;
export const REPORT_CONTACT_MAX = 200;
/** A report form is a few kilobytes at most; anything far larger is refused before it is parsed. */
export const REPORT_BODY_MAX_BYTES = 16 * 1024;

export const REPORT_MSG = {
  reason: "Please choose a reason.",
  detailsTooLong: `Details can be at most ${REPORT_DETAILS_MAX} characters.`,
  contactTooLong: `Contact details can be at most ${REPORT_CONTACT_MAX} characters.`,
  contactInvalid: "Please enter an e-mail address or a phone number, or leave it empty.",
  tooLarge: "The report is too long.",
  sent: "Thank you. Your report has been sent to our team, who will look at it within 48 hours.",
  notFound: "This listing could not be found.",
  rateLimited: "Too many reports, please wait a minute and try again.",
} as const;

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE = /^\+?[0-9 ()-]{7,20}$/;

const reasonValues = REPORT_REASONS.map((r) => r.value) as [ReportReason, ...ReportReason[]];

export const reportSchema = z.object({
  reason: z.enum(reasonValues, { error: REPORT_MSG.reason }),
  details: z
    .string({ error: REPORT_MSG.detailsTooLong })
    .optional()
    .default("")
    .transform((v) => v.replace(CONTROL, " ").trim())
    .pipe(z.string().max(REPORT_DETAILS_MAX, REPORT_MSG.detailsTooLong)),
  contact: z
    .string({ error: REPORT_MSG.contactInvalid })
    .optional()
    .default("")
    .transform((v) => v.replace(CONTROL, " ").trim())
    .pipe(
      z
        .string()
        .max(REPORT_CONTACT_MAX, REPORT_MSG.contactTooLong)
        .refine((v) => v === "" || EMAIL.test(v) || PHONE.test(v), REPORT_MSG.contactInvalid),
    ),
});
export type ReportInput = z.infer<typeof reportSchema>;

export type FieldErrors = Partial<Record<keyof ReportInput, string>>;

export function parseReport(
  input: unknown,
): { ok: true; data: ReportInput } | { ok: false; errors: FieldErrors; error: string } {
  const parsed = reportSchema.safeParse(input);
  if (parsed.success) return { ok: true, data: parsed.data };
  const errors: FieldErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as keyof ReportInput;
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return { ok: false, errors, error: Object.values(errors)[0] ?? REPORT_MSG.reason };
}

/** Reports are handled within 48 hours (public §4, subscription terms). */
export const REPORT_WINDOW_MS = 48 * 60 * 60 * 1000;

export type ReportAge = { hours: number; overdue: boolean; label: string };

/** How long a report has waited, and whether it is past the handling window. */
export function reportAge(createdAt: number, now: number): ReportAge {
  const ms = Math.max(0, now - createdAt);
  return { hours: Math.floor(ms / 3_600_000), overdue: ms > REPORT_WINDOW_MS, label: waitedText(ms) };
}

// ---------------------------------------------------------------------------------------------------
// Audit log
