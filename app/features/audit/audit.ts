// The administrators' actions and their audit log (admin_audit): which actions there are, how the log
// words them, and the entries the actions write. Every feature whose administrator actions are logged
// (moderation, verification, billing, payments, the Safety Net, the editor) writes through
// ./audit.server.ts, so this feature sits under all of them.
import type { SessionUser } from "~/core/session-user";

export type AdminAction = "verify" | "unverify" | "live" | "unlive" | "hot" | "unhot" | "delete";
export const ADMIN_ACTIONS: readonly AdminAction[] = ["verify", "unverify", "live", "unlive", "hot", "unhot", "delete"];

export function isAdminAction(value: unknown): value is AdminAction {
  return typeof value === "string" && (ADMIN_ACTIONS as readonly string[]).includes(value);
}

export type AuditAction =
  | AdminAction
  | "approve_id"
  | "reject_id"
  | "approve_photo"
  | "reject_photo"
  | "approve_rereview"
  | "reject_rereview"
  | "report_hide"
  | "report_dismiss"
  // An administrator's save of, or photo removal from, someone else's listing (docs/moderation.md).
  | "edit_listing"
  | "delete_photo"
  // Free weeks of a listing's plan (docs/billing.md).
  | "grant_weeks"
  // Featured without the plan, for some weeks, and taking it back (decision 0017).
  | "grant_featured"
  | "revoke_featured"
  // A payment left open, closed as failed without a charge (decision 0015 "Looking a payment up").
  | "give_up_payment"
  | "mark_refunded"
  // Safety Net moderation (docs/decisions/0023-safety-net.md).
  | "safety_publish"
  | "safety_ask"
  | "safety_decline"
  | "safety_correct"
  | "safety_remove"
  | "safety_correction_handled"
  // A suspension from the Safety Net, and lifting it (docs/decisions/0043-safety-net-second-pass.md).
  | "safety_suspend"
  | "safety_lift"
  // Agencies (docs/decisions/0058-worker-consent-and-agency-checks.md).
  | "agency_certificate_checked"
  | "agency_suspend"
  | "agency_lift"
  // Takedown cases: the decision, and photos hidden while one waits (docs/decisions/0063-takedown-cases.md).
  | "takedown_remove"
  | "takedown_keep"
  | "takedown_hide_photos"
  // One appeal of a refusal, decided by another administrator (docs/decisions/0064-review-times-and-appeals.md).
  | "appeal_uphold"
  | "appeal_overturn"
  // The side-by-side queue of photos that match another account's (docs/decisions/0057).
  | "match_release"
  | "match_remove"
  | "match_impersonation";

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
  approve_rereview: "Confirmed verification after changes",
  reject_rereview: "Withdrew verification after changes",
  report_hide: "Hid listing after a report",
  report_dismiss: "Dismissed a report",
  edit_listing: "Edited someone else's listing",
  delete_photo: "Deleted a photo of someone else's listing",
  grant_weeks: "Granted free weeks of a plan",
  grant_featured: "Granted Featured",
  revoke_featured: "Revoked Featured",
  give_up_payment: "Gave up an open payment",
  mark_refunded: "Marked a payment refunded by hand",
  safety_publish: "Published a Safety Net alert",
  safety_ask: "Asked a Safety Net reporter a question",
  safety_decline: "Declined a Safety Net report",
  safety_correct: "Corrected a Safety Net alert",
  safety_remove: "Removed a Safety Net alert",
  safety_correction_handled: "Handled a Safety Net correction request",
  safety_suspend: "Suspended an account from the Safety Net",
  agency_certificate_checked: "Checked an agency's operator certificate",
  agency_suspend: "Suspended an agency",
  agency_lift: "Lifted an agency's suspension",
  safety_lift: "Lifted a Safety Net suspension",
  takedown_remove: "Took content down after a takedown case",
  takedown_keep: "Kept content up after a takedown case",
  takedown_hide_photos: "Hid disputed photos while a takedown case waits",
  appeal_uphold: "Upheld a refusal on appeal",
  appeal_overturn: "Reversed a refusal on appeal",
  match_release: "Released a photo that matched another listing",
  match_remove: "Removed a photo that matched another listing",
  match_impersonation: "Took down a photo as impersonation",
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

/**
 * The audit entry of an administrator's delete (also used by the owner API when an admin deletes there).
 * No name: the listing's id says which one, and a deleted provider's name should not outlive the listing.
 */
export function adminDeleteAudit(admin: Pick<SessionUser, "id">) {
  return { adminId: admin.id, action: "delete" as AuditAction, detail: "" };
}
