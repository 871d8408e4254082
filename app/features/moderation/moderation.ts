// Administrator moderation (spec public §4, §5, §6): the card menu, its messages, and what each action does
// to a listing's flags. The actions themselves and the audit log's wording are app/features/audit/audit.ts;
// reports are in ./reports.ts.

import { ERROR_MSG } from "~/features/site/messages";
import type { ToastKey } from "~/features/site/toasts";
import { activeChange } from "~/features/listings/state";
import type { ListingState } from "~/features/listings/state";
import type { AdminAction } from "~/features/audit/audit";

// ---------------------------------------------------------------------------------------------------
// Listing actions

export const MODERATION_MSG = {
  liveNeedsVerified: "Only verified listings can go live. Verify the listing first.",
  liveNeedsPlan: "This listing has no active subscription, so it cannot go live.",
  notFound: "Listing not found",
  changed: "The listing changed meanwhile. Please try again.",
  unknownAction: ERROR_MSG.unknownAction,
  forbidden: "Administrators only",
} as const;

const ADMIN_TOASTS: Record<AdminAction, ToastKey> = {
  verify: "adminVerify",
  unverify: "adminUnverify",
  live: "adminLive",
  unlive: "adminUnlive",
  hot: "adminHot",
  unhot: "adminUnhot",
  delete: "adminDelete",
};

/** The toast confirming an administrator's action on the grid. */
export function adminActionToast(action: AdminAction): ToastKey {
  return ADMIN_TOASTS[action];
}

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
  listingId: string;
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
// The administrator's flags (spec public §4): verify, live and hot.

export type ModeratedState = ListingState & { hot: boolean };

export type FlagChange = { ok: true; next: ModeratedState; changed: boolean } | { ok: false; error: string };

/**
 * The listing's flags after an administrator action (all but delete). Unverify also turns live off, and
 * a hidden listing cannot stay 'Active Now' (same rule as the owner's Live switch). Live on needs a
 * verified listing. An action that changes nothing answers changed: false (no write, no audit row).
 */
export function adminFlagChange(
  state: ModeratedState,
  action: Exclude<AdminAction, "delete">,
  now: number,
): FlagChange {
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
