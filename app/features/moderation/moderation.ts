// Administrator moderation (spec public §4, §5, §6): the actions, the card menu, and the audit log's
// wording. What each action does to a listing's flags is in listing/state.ts. Reports are in ./reports.ts.

// ---------------------------------------------------------------------------------------------------
// Listing actions

export type AdminAction = "verify" | "unverify" | "live" | "unlive" | "hot" | "unhot" | "delete";
export const ADMIN_ACTIONS: readonly AdminAction[] = ["verify", "unverify", "live", "unlive", "hot", "unhot", "delete"];

export function isAdminAction(value: unknown): value is AdminAction {
  return typeof value === "string" && (ADMIN_ACTIONS as readonly string[]).includes(value);
}

export const MODERATION_MSG = {
  liveNeedsVerified: "Only verified listings can go live. Verify the listing first.",
  liveNeedsPlan: "This listing has no active subscription, so it cannot go live.",
  notFound: "Listing not found",
  changed: "The listing changed meanwhile. Please try again.",
  unknownAction: "Unknown action",
  forbidden: "Administrators only",
} as const;

/** The spec's confirmation for an administrator's delete (public §5). */
export function adminDeleteConfirm(name: string): string {
  return `Are you sure you want to delete the listing for ${name}? This action cannot be undone.`;
}

/**
 * The step before a delete or a verify from the grid: the listing's name and, for a verify, whether an ID
 * request with documents is waiting (the grid's Verify skips that review).
 */
export type ActionConfirm = {
  intent: "delete" | "verify";
  modelId: string;
  name: string;
  returnTo: string;
  idRequestWaiting: boolean;
};

/** What /admin/listing-actions answers a card menu's post. */
export type ListingActionResult = { ok: true } | { error: string; returnTo?: string } | { confirm: ActionConfirm };

/**
 * What 'Verify' on a grid card asks first: the grid's Verify skips the ID review, so it says whether there
 * are documents to look at. With a request waiting, the review is the better place (docs/moderation.md).
 */
export function adminVerifyConfirm(name: string, idRequestWaiting: boolean): string {
  return idRequestWaiting
    ? `${name} has an ID request waiting with their documents. Review it instead, so the decision is recorded with it. Verify ${name} without reviewing it?`
    : `No ID verification request exists for ${name}: there are no documents to check. Verify ${name} anyway?`;
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
// Audit log

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
  | "safety_lift";

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
  safety_lift: "Lifted a Safety Net suspension",
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
