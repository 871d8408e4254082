// A listing's Live, Active Now and Verified states and the rules for changing them (spec provider §2, §4;
// public §7 for the administrator's flags): what a toggle may do, what it says when it may not, and the
// badge each state shows. Pure: the clock is a parameter, so tests pin it. The dashboard, the owner API,
// the administrator's actions and the server's conditional UPDATEs all use these.
import { isActiveNow } from "~/core/activity";

/** How long 'Active Now' lasts after the owner turns it on. Said in the UI, enforced by the server. */
export const ACTIVE_WINDOW_HOURS = 8;
export const ACTIVE_WINDOW_MS = ACTIVE_WINDOW_HOURS * 60 * 60 * 1000;

type Flags = { live: boolean; verified: boolean; active: boolean; activeUntil: number | null };

export type Badge =
  | "LIVE"
  | "Hidden"
  | "Hidden - Get Verified"
  | "Hidden - Choose a plan"
  | "Hidden - Verification pending"
  | "Hidden - Subscription expired"
  | "Hidden - confirm your listing"
  | "Hidden - Waiting for the worker"
  | "Hidden - Agency check pending"
  | "Hidden - Number under review";

/**
 * The dashboard badge: the spec's LIVE, 'Hidden' and 'Hidden - Get Verified', and a more exact 'Hidden - …'
 * where the listing waits for something its owner can do (app/features/listings/visibility.ts).
 */
export function badgeText(
  listing: Pick<Flags, "live" | "verified"> & {
    subscriptionExpired?: boolean;
    hiddenAsStale?: boolean;
    /** An ID verification request waits for review: nothing more to do but wait. */
    idPending?: boolean;
    paid?: boolean;
    /** An agency listing without its worker's consent (docs/decisions/0058-worker-consent-and-agency-checks.md). */
    awaitingConsent?: boolean;
    /** Its agency's certificate not yet checked, or the agency suspended. */
    agencyHeld?: boolean;
    numberHeld?: boolean;
  },
): Badge {
  if (listing.live) return "LIVE";
  // Its plan lapsed; paying again brings it back.
  if (listing.subscriptionExpired) return "Hidden - Subscription expired";
  // The stale-listing check hid it; confirming brings it back.
  if (listing.hiddenAsStale) return "Hidden - confirm your listing";
  // Nothing else matters until the worker herself agrees.
  if (listing.awaitingConsent) return "Hidden - Waiting for the worker";
  if (!listing.verified) return listing.idPending ? "Hidden - Verification pending" : "Hidden - Get Verified";
  if (listing.agencyHeld) return "Hidden - Agency check pending";
  if (listing.numberHeld) return "Hidden - Number under review";
  // Approved and waiting for its first payment: paying puts it live.
  return listing.paid === false ? "Hidden - Choose a plan" : "Hidden";
}

/** Whether 'Active Now' is on at `now`: the flag is set and its window has not run out. */
export function isListingActive(listing: Pick<Flags, "active" | "activeUntil">, now: number): boolean {
  return isActiveNow(listing.active, listing.activeUntil, now);
}

/**
 * The card's line under the name. The spec has it always say Standard; with paid plans (docs/billing.md) it says the
 * listing's real plan, or Unpaid.
 */
export function statusLine(
  listing: Pick<Flags, "active" | "activeUntil"> & { plan?: string | null },
  now: number,
): string {
  const plan = listing.plan === undefined ? "Standard Listing" : listing.plan ? `${listing.plan} Listing` : "Unpaid";
  return `${isListingActive(listing, now) ? "Active" : "Inactive"} · ${plan}`;
}

/** Live can be switched only on a verified listing (turning it off is always allowed, see liveChange). */
export function canToggleLive(listing: Pick<Flags, "verified" | "live">): boolean {
  return listing.verified || listing.live;
}

/** Active Now can be switched only on a live listing (or switched off if it is somehow on). */
export function canToggleActive(listing: Pick<Flags, "live" | "active" | "activeUntil">, now: number): boolean {
  return listing.live || isListingActive(listing, now);
}

/**
 * The soonest moment an active listing's window runs out, after `now`: the dashboard reloads then, so
 * 'Active Now' switches itself off on screen without a manual refresh. Null when nothing is pending.
 */
export function nextExpiry(listings: readonly Pick<Flags, "active" | "activeUntil">[], now: number): number | null {
  let soonest: number | null = null;
  for (const l of listings) {
    if (!l.active || l.activeUntil == null || l.activeUntil <= now) continue;
    if (soonest === null || l.activeUntil < soonest) soonest = l.activeUntil;
  }
  return soonest;
}

/** setTimeout takes at most 2^31-1 ms; a longer wait is cut short and simply reloads early. */
export const MAX_TIMER_MS = 2_147_483_647;

export function expiryDelay(expiry: number, now: number): number {
  return Math.min(MAX_TIMER_MS, Math.max(0, expiry - now));
}

/** Whole hours left (rounded up) in an active window, for 'Active for the next N hours'. */
export function hoursLeft(activeUntil: number | null, now: number): number {
  if (activeUntil == null) return ACTIVE_WINDOW_HOURS;
  return Math.max(0, Math.ceil((activeUntil - now) / (60 * 60 * 1000)));
}

export function activeForText(hours: number): string {
  return `Active for the next ${hours} ${hours === 1 ? "hour" : "hours"}`;
}

// ---------------------------------------------------------------------------------------------------
// State changes. The server applies these (in one conditional UPDATE); the page uses them to flip the
// toggle at once before the server answers.

export type ListingState = Flags;

export const TOGGLE_ERRORS = {
  notLive: "Turn Live on before going Active Now.",
  notVerified: "Your listing must be verified before it can go live.",
  notPaid: "Choose a plan for this listing before it can go live.",
} as const;

export type Change<T> = { ok: true; next: T } | { ok: false; error: string };

/**
 * Active on: active = 1 until now + the window. Active off: active = 0 and active_until = now, so the
 * public card says 'Last active this hour'. `desired` undefined means toggle the state shown at `now`.
 */
export function activeChange(
  state: ListingState,
  desired: boolean | undefined,
  now: number,
): Change<Pick<ListingState, "active" | "activeUntil">> {
  const currently = isActiveNow(state.active, state.activeUntil, now);
  const on = desired ?? !currently;
  if (on) {
    if (!state.live) return { ok: false, error: TOGGLE_ERRORS.notLive };
    return { ok: true, next: { active: true, activeUntil: now + ACTIVE_WINDOW_MS } };
  }
  // An expired window already says when the listing was last active: keep that moment.
  return { ok: true, next: { active: false, activeUntil: currently ? now : state.activeUntil } };
}

/** Live on needs verified. Live off also ends Active Now (a hidden listing cannot be 'Active Now'). */
export function liveChange(
  state: ListingState,
  desired: boolean | undefined,
  now: number,
): Change<Pick<ListingState, "live" | "active" | "activeUntil">> {
  const on = desired ?? !state.live;
  if (on) {
    if (!state.verified) return { ok: false, error: TOGGLE_ERRORS.notVerified };
    return { ok: true, next: { live: true, active: state.active, activeUntil: state.activeUntil } };
  }
  const off = activeChange({ ...state, live: false }, false, now);
  if (!off.ok) return off;
  return { ok: true, next: { live: false, ...off.next } };
}

/** A form or JSON value for a wanted toggle state: true/false, 'true'/'false', 'on'/'off', '1'/'0'. */
export function parseDesired(value: unknown): boolean | undefined | null {
  if (value === undefined || value === null || value === "") return undefined;
  if (value === true || value === "true" || value === "on" || value === "1" || value === 1) return true;
  if (value === false || value === "false" || value === "off" || value === "0" || value === 0) return false;
  return null;
}
