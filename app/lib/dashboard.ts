// The owner dashboard's rules (spec provider §2, §4): what the sidebar, headings, badges and toggles show,
// and how Active and Live change. Pure: the clock is a parameter, so tests pin it.
import { isActiveNow } from "./activity";

/** How long 'Active Now' lasts after the owner turns it on. Said in the UI, enforced by the server. */
export const ACTIVE_WINDOW_HOURS = 8;
export const ACTIVE_WINDOW_MS = ACTIVE_WINDOW_HOURS * 60 * 60 * 1000;

/** The localStorage key of the new listing's unsaved draft; 'Add New Listing' clears it so the form starts blank. */
export { DRAFT_KEY as PROFILE_DRAFT_KEY } from "./draft-keys";

/** Verify Photos needs this many photos on a listing (spec §4, photo verification). */
export const PHOTO_VERIFY_MIN_IMAGES = 4;

/**
 * One listing as the dashboard and GET /api/modelswvisits/{userId} deliver it (spec §3, dashboard view).
 * `active_until` keeps the original API's name; `activeUntil` is the same moment under the name the
 * dashboard kept it as. Times are UTC milliseconds. The three counters are this UTC month's.
 */
export type DashboardListing = {
  modelId: string;
  firstName: string;
  active: boolean;
  active_until: number | null;
  activeUntil: number | null;
  live: boolean;
  verified: boolean;
  photoVerified: boolean;
  /** Photo URLs in position order, comma-separated; the first is the cover. */
  ImageUrls: string;
  /** Views of the public profile this month, each counted once and shown as is (not halved). */
  profileClicks: number;
  contactClicks: number;
  likes: number;
};

export type MenuItem = { label: string; to: string };

/** The cover photo URL, or null when the listing has none. */
export function coverUrl(imageUrls: string): string | null {
  const first = imageUrls.split(",")[0]?.trim();
  return first ? first : null;
}

export function imageCount(imageUrls: string): number {
  return imageUrls.split(",").filter((u) => u.trim() !== "").length;
}

/**
 * 'Hi, {name}' with exactly one listing (that listing's first name). Otherwise the spec's 'Hello, ',
 * followed by the account's first name when we know it: a greeting that ends on a comma reads as broken.
 */
export function greeting(listings: readonly Pick<DashboardListing, "firstName">[], accountFirstName = ""): string {
  if (listings.length === 1) return `Hi, ${listings[0].firstName}`;
  const name = accountFirstName.trim();
  return name ? `Hello, ${name}` : "Hello, ";
}

export function listingsHeading(agency: boolean): string {
  return agency ? "Your Listings" : "Your Listing";
}

/** An Independent holds one listing, so the button only shows to them while they have none. */
export function showsAddNewListing(listingCount: number, agency: boolean): boolean {
  return agency || listingCount === 0;
}

/** Get Verified is hidden when every listing is verified (so also when there are none to verify). */
export function showsGetVerified(listings: readonly Pick<DashboardListing, "verified">[]): boolean {
  return listings.some((l) => !l.verified);
}

/** Verify Photos: some listing is not photo-verified and has enough photos to be checked. */
export function showsVerifyPhotos(listings: readonly Pick<DashboardListing, "photoVerified" | "ImageUrls">[]): boolean {
  return listings.some((l) => !l.photoVerified && imageCount(l.ImageUrls) >= PHOTO_VERIFY_MIN_IMAGES);
}

export function menuItems(
  listings: readonly Pick<DashboardListing, "verified" | "photoVerified" | "ImageUrls">[],
): MenuItem[] {
  const items: MenuItem[] = [
    { label: "Subscriptions", to: "/subscriptions" },
    { label: "Manage", to: "/managesub" },
    { label: "Help", to: "/faq" },
  ];
  if (showsGetVerified(listings)) items.push({ label: "Get Verified", to: "/verification" });
  if (showsVerifyPhotos(listings)) items.push({ label: "Verify Photos", to: "/photo-verification" });
  return items;
}

export type Badge = "LIVE" | "Hidden" | "Hidden - Get Verified";

export function badgeText(listing: Pick<DashboardListing, "live" | "verified">): Badge {
  if (listing.live) return "LIVE";
  return listing.verified ? "Hidden" : "Hidden - Get Verified";
}

/** Whether 'Active Now' is on at `now`: the flag is set and its window has not run out. */
export function isListingActive(listing: Pick<DashboardListing, "active" | "activeUntil">, now: number): boolean {
  return isActiveNow(listing.active, listing.activeUntil, now);
}

/** The card's line under the name. The spec has it always say Standard, whatever the plan. */
export function statusLine(listing: Pick<DashboardListing, "active" | "activeUntil">, now: number): string {
  return `${isListingActive(listing, now) ? "Active" : "Inactive"} · Standard Listing`;
}

/** Live can be switched only on a verified listing (turning it off is always allowed, see liveChange). */
export function canToggleLive(listing: Pick<DashboardListing, "verified" | "live">): boolean {
  return listing.verified || listing.live;
}

/** Active Now can be switched only on a live listing (or switched off if it is somehow on). */
export function canToggleActive(
  listing: Pick<DashboardListing, "live" | "active" | "activeUntil">,
  now: number,
): boolean {
  return listing.live || isListingActive(listing, now);
}

/**
 * The soonest moment an active listing's window runs out, after `now`: the dashboard reloads then, so
 * 'Active Now' switches itself off on screen without a manual refresh. Null when nothing is pending.
 */
export function nextExpiry(
  listings: readonly Pick<DashboardListing, "active" | "activeUntil">[],
  now: number,
): number | null {
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

export type ListingState = { live: boolean; verified: boolean; active: boolean; activeUntil: number | null };

export const TOGGLE_ERRORS = {
  notLive: "Turn Live on before going Active Now.",
  notVerified: "Your listing must be verified before it can go live.",
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

// ---------------------------------------------------------------------------------------------------
// Deleting (spec §5 confirmations, §8 errors).

export const DELETE_ACCOUNT_CONFIRM =
  "Are you sure you want to delete your entire account? This will permanently remove all your listings and cannot be undone.";

export function deleteListingConfirm(name: string): string {
  return `Are you sure you want to delete the listing for ${name}? This cannot be undone.`;
}

export function deleteErrorText(what: "listing" | "account"): string {
  return `There was an error deleting the ${what}. Please try again.`;
}

/**
 * The current plan on the settings screen. Nothing is charged yet, so every provider is 'Unpaid' (spec
 * §1); the paid names are ready for when payments set account_type.
 */
export function planLabel(accountType: string): string {
  if (accountType === "standard") return "Standard";
  if (accountType === "featured") return "Featured";
  return "Unpaid";
}
