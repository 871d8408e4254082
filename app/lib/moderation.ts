// Administrator moderation (spec public §4, §5, §6): what each action does to a listing's flags, the
// report form's rules, the 48-hour handling window, and the audit log's wording. Pure: the clock is a
// parameter.
import { z } from "zod";
import { activeChange, type ListingState } from "./dashboard";

// ---------------------------------------------------------------------------------------------------
// Listing actions

export type AdminAction = "verify" | "unverify" | "live" | "unlive" | "hot" | "unhot" | "delete";
export const ADMIN_ACTIONS: readonly AdminAction[] = ["verify", "unverify", "live", "unlive", "hot", "unhot", "delete"];

export function isAdminAction(value: unknown): value is AdminAction {
  return typeof value === "string" && (ADMIN_ACTIONS as readonly string[]).includes(value);
}

export type ModeratedState = ListingState & { hot: boolean };

export const MODERATION_MSG = {
  liveNeedsVerified: "Only verified listings can go live. Verify the listing first.",
  notFound: "Listing not found",
  changed: "The listing changed meanwhile. Please try again.",
  unknownAction: "Unknown action",
  forbidden: "Administrators only",
} as const;

/** The spec's confirmation for an administrator's delete (public §5). */
export function adminDeleteConfirm(name: string): string {
  return `Are you sure you want to delete the listing for ${name}? This action cannot be undone.`;
}

export type FlagChange = { ok: true; next: ModeratedState; changed: boolean } | { ok: false; error: string };

/**
 * The listing's flags after an administrator action (all but delete). Unverify also turns live off, and
 * a hidden listing cannot stay 'Active Now' (same rule as the owner's Live switch). Live on needs a
 * verified listing. An action that changes nothing answers changed: false (no write, no audit row).
 */
export function adminFlagChange(state: ModeratedState, action: Exclude<AdminAction, "delete">, now: number): FlagChange {
  const next: ModeratedState = { ...state };
  const hide = () => {
    if (!next.live) return;
    next.live = false;
    const off = activeChange({ ...next }, false, now);
    if (off.ok) Object.assign(next, off.next);
  };
  switch (action) {
    case "verify":
      next.verified = true;
      break;
    case "unverify":
      next.verified = false;
      hide();
      break;
    case "live":
      if (!state.verified) return { ok: false, error: MODERATION_MSG.liveNeedsVerified };
      next.live = true;
      break;
    case "unlive":
      hide();
      break;
    case "hot":
      next.hot = true;
      break;
    case "unhot":
      next.hot = false;
      break;
  }
  const changed = next.verified !== state.verified || next.live !== state.live || next.hot !== state.hot;
  return { ok: true, next, changed };
}

/** The buttons an administrator's card menu offers for a listing (Make Live / Unlive only when verified). */
export function menuActions(listing: { verified: boolean; live: boolean; hot: boolean }): AdminAction[] {
  const actions: AdminAction[] = [listing.verified ? "unverify" : "verify"];
  if (listing.verified) actions.push(listing.live ? "unlive" : "live");
  actions.push(listing.hot ? "unhot" : "hot");
  actions.push("delete");
  return actions;
}

export const ACTION_LABELS: Record<AdminAction, string> = {
  verify: "Verify",
  unverify: "Unverify",
  live: "Make Live",
  unlive: "Make Unlive",
  hot: "Mark Hot",
  unhot: "Remove Hot",
  delete: "Delete",
};

/** The card badges an administrator sees (public §2, §4). */
export function adminBadges(listing: { verified: boolean; live: boolean }): ("Unverified" | "Hidden")[] {
  if (!listing.verified) return ["Unverified"];
  return listing.live ? [] : ["Hidden"];
}

/** The JSON body of PUT .../verify: {verify: boolean} (a form's 'true'/'false' is accepted too). */
export function parseVerifyFlag(value: unknown): boolean | null {
  if (value === true || value === "true") return true;
  if (value === false || value === "false") return false;
  return null;
}

// ---------------------------------------------------------------------------------------------------
// Reports

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

export function parseReport(input: unknown): { ok: true; data: ReportInput } | { ok: false; errors: FieldErrors; error: string } {
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
  const hours = Math.floor(ms / 3_600_000);
  const label = hours < 1 ? "less than an hour" : hours < 48 ? `${hours} hour${hours === 1 ? "" : "s"}` : `${Math.floor(hours / 24)} days`;
  return { hours, overdue: ms > REPORT_WINDOW_MS, label };
}

// ---------------------------------------------------------------------------------------------------
// Audit log

export type AuditAction =
  | AdminAction
  | "approve_id"
  | "reject_id"
  | "approve_photo"
  | "reject_photo"
  | "report_hide"
  | "report_dismiss";

export const AUDIT_LABELS: Record<AuditAction, string> = {
  verify: "Verified listing",
  unverify: "Unverified listing",
  live: "Made listing live",
  unlive: "Made listing unlive",
  hot: "Marked listing hot",
  unhot: "Removed hot",
  delete: "Deleted listing",
  approve_id: "Approved ID verification",
  reject_id: "Rejected ID verification",
  approve_photo: "Approved photo verification",
  reject_photo: "Rejected photo verification",
  report_hide: "Hid listing after a report",
  report_dismiss: "Dismissed a report",
};

export function auditLabel(action: string): string {
  return (AUDIT_LABELS as Record<string, string>)[action] ?? action;
}

export const AUDIT_PAGE_SIZE = 50;
/** Audit details are short notes; anything longer is cut. */
export const AUDIT_DETAIL_MAX = 600;

export function auditDetail(text: string): string {
  return text.length > AUDIT_DETAIL_MAX ? `${text.slice(0, AUDIT_DETAIL_MAX - 1)}…` : text;
}

/** The page number from ?page=, 1 when missing or malformed. */
export function parseAuditPage(value: string | null): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 && n <= 100_000 ? n : 1;
}

/** A same-site path to return to after a form post without JavaScript, or the fallback. */
export function safeReturnTo(value: unknown, fallback = "/"): string {
  if (typeof value !== "string" || value.length > 2000) return fallback;
  // eslint-disable-next-line no-control-regex
  if (!value.startsWith("/") || value.startsWith("//") || /[\u0000-\u001f\\]/.test(value)) return fallback;
  return value;
}

/** A moment as New Zealand reads it (the team works in NZ time), e.g. "21 Nov 2025, 2:05 pm". */
export function formatNzTime(ms: number): string {
  return new Date(ms).toLocaleString("en-NZ", {
    timeZone: "Pacific/Auckland",
    day: "numeric",
    month: "short",
    year: "numeric",
    hour: "numeric",
    minute: "2-digit",
  });
}
