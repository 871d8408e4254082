// The owner dashboard's screen rules (spec provider §2, §4): what the sidebar, headings and menus show and
// what the delete confirmations say. A listing's states and their changes are in listings/state.ts.

/**
 * One listing as the dashboard and GET /api/modelswvisits/{userId} deliver it (spec §3, dashboard view).
 * `active_until` keeps the original API's name; `activeUntil` is the same moment under the name the
 * dashboard kept it as. Times are UTC milliseconds. The three counters are this NZ month's.
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
  /** Photos that may be sent for checking now: unverified or checked over 12 months ago, none waiting (0055). */
  photosToCheck: number;
  /** Photo URLs in position order, comma-separated; the first is the cover. */
  ImageUrls: string;
  /** Views of the public profile this month, each counted once and shown as is (not halved). */
  profileClicks: number;
  contactClicks: number;
  likes: number;
  /** The paid plan's name ("Standard", "Featured"), or null while unpaid (docs/billing.md). */
  plan: string | null;
  /** Hidden because the subscription expired: renewing brings it back live. */
  subscriptionExpired: boolean;
  /** 'Take a break' (docs/dashboard.md): when it began (null: not paused) and when it ends (null: on resume). */
  pausedAt: number | null;
  pausedUntil: number | null;
  /** The stale-listing check asked whether it is still available, and no save or answer came since. */
  staleAsked: boolean;
  /** ...and, a week on, hid it until confirmed. */
  hiddenAsStale: boolean;
  /** An ID verification request for it waits for review. */
  idPending: boolean;
  /** An agency listing waiting for its worker's consent, and one its agency may not publish yet
   * (docs/decisions/0058-worker-consent-and-agency-checks.md). */
  awaitingConsent: boolean;
  agencyHeld: boolean;
  numberHeld: boolean;
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

/**
 * Verify Photos: some listing has a photo that may be sent for checking (the spec's 'not photo-verified with at
 * least 4 images' became per photo: docs/decisions/0055-each-photo-verified.md).
 */
export function showsVerifyPhotos(listings: readonly Pick<DashboardListing, "photosToCheck">[]): boolean {
  return listings.some((l) => l.photosToCheck > 0);
}

/** 'Verification pending' instead of 'Get Verified' once every unverified listing has a request waiting. */
export function getVerifiedLabel(listings: readonly Pick<DashboardListing, "verified" | "idPending">[]): string {
  return listings.every((l) => l.verified || l.idPending) ? "Verification pending" : "Get Verified";
}

export function menuItems(
  listings: readonly Pick<DashboardListing, "verified" | "photosToCheck" | "idPending">[],
  safetyNet = false,
  newRequests = 0,
  agency = false,
): MenuItem[] {
  const items: MenuItem[] = [
    { label: "Subscriptions", to: "/subscriptions" },
    { label: "Manage", to: "/managesub" },
    { label: "Help", to: "/faq" },
  ];
  if (showsGetVerified(listings)) items.push({ label: getVerifiedLabel(listings), to: "/verification" });
  if (showsVerifyPhotos(listings)) items.push({ label: "Verify Photos", to: "/photo-verification" });
  // Safety Net: for an account with access, or with reports of its own (app/features/safety-net/access.server.ts
  // safetyStanding; docs/decisions/0043-safety-net-second-pass.md).
  if (safetyNet) items.push({ label: "Safety Net", to: "/dashboard/safety-net" });
  // Insights once there is a listing to show them for (docs/decisions/0024-counting-off-the-request-path.md).
  if (listings.length > 0) items.push({ label: "Insights", to: "/dashboard/insights" });
  // Booking requests: the switch per listing and the inbox (docs/decisions/0052-booking-requests.md).
  if (listings.length > 0)
    items.push({
      label: newRequests > 0 ? `Booking requests (${newRequests} new)` : "Booking requests",
      to: "/dashboard/requests",
    });
  // An agency's roster of its listings' shifts (docs/decisions/0060-agency-roster.md).
  if (agency && listings.length > 0) items.push({ label: "Roster", to: "/dashboard/roster" });
  return items;
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

/** A switch's post got no answer the page can read (offline, or a 429 or 503 from something on the way). */
export const SEND_FAILED = "Your change could not be sent. Check your connection and try again.";

/** A reload of the dashboard failed: the cards stay as they were. */
export const RELOAD_FAILED =
  "Your listings could not be refreshed just now, so what you see may be out of date. Check your connection.";
