// Business rules of saving a listing that need no I/O: who may create one and from where, the flat rate
// columns the grid reads, photo order, and the editor's button wording.
import { CALL_TYPES, RATE_DURATIONS } from "~/core/listing-options";
import type { CallType, RateDuration } from "~/core/listing-options";
import { centsToDollars } from "~/platform/money";

export const LISTING_RULE_MSG = {
  outsideNz: "New listings can only be created from within New Zealand.",
  independentLimit: "An Independent account can hold one listing. Sign up as an Agency to manage several listings.",
  notFound: "Listing not found",
  notOwner: "You can only edit your own listings",
  imageNotFound: "Image not found",
  imageNotOwner: "You can only delete photos of your own listings",
  saveFailed: "Profile update failed",
  tooLarge: "The request is too large: send at most 40 MB at once, or upload photos one at a time.",
  uploadsMissing: "Some photos expired or were already saved. Please add them again.",
  imagesUnknown: "Some photos no longer belong to this listing. Reload and try again.",
  positionsMismatch: "Each new photo needs exactly one position.",
} as const;

/**
 * Listing creation is refused from outside New Zealand (the terms require it). A request without a
 * country (no Cloudflare edge data) is let through, and in local development every country counts as
 * NZ, because wrangler dev fills request.cf with a placeholder from elsewhere.
 */
export function mayCreateListingFrom(country: string | null | undefined, appEnv: string | undefined): boolean {
  if (appEnv === "development") return true;
  if (!country) return true;
  return country.toUpperCase() === "NZ";
}

/** An Independent holds one listing, an Agency any number. */
export function mayAddListing(agency: boolean, existingListings: number): boolean {
  return agency || existingListings === 0;
}

/** The editor's save button (spec §2): by the verified and live flags. */
export function saveButtonLabel(verified: boolean, live: boolean): "Save Draft" | "Save Changes" | "Publish Changes" {
  if (!verified) return "Save Draft";
  return live ? "Publish Changes" : "Save Changes";
}

export type FlatRates = {
  rate30: number | null;
  rate60: number | null;
  rate120: number | null;
  orate30: number | null;
  orate60: number | null;
  orate120: number | null;
};

/** listings.rate30/60/120 (incall) and orate30/60/120 (outcall), in cents, from the saved rate rows. */
export function flatRates(rates: { callType: CallType; duration: RateDuration; priceCents: number }[]): FlatRates {
  const find = (callType: CallType, duration: RateDuration) =>
    rates.find((r) => r.callType === callType && r.duration === duration)?.priceCents ?? null;
  return {
    rate30: find("incall", "30min"),
    rate60: find("incall", "1hr"),
    rate120: find("incall", "2hr"),
    orate30: find("outcall", "30min"),
    orate60: find("outcall", "1hr"),
    orate120: find("outcall", "2hr"),
  };
}

/** The flat rate fields in the API's dollars (the provider doc's rate30…orate120 on /api/modelP). */
export function flatRatesInDollars(cents: FlatRates): FlatRates {
  return {
    rate30: centsToDollars(cents.rate30),
    rate60: centsToDollars(cents.rate60),
    rate120: centsToDollars(cents.rate120),
    orate30: centsToDollars(cents.orate30),
    orate60: centsToDollars(cents.orate60),
    orate120: centsToDollars(cents.orate120),
  };
}

/** The durations not yet used by a call type's rates, in the spec's order. */
export function freeDurations(rates: { call_type: string; duration: string }[], callType: CallType): RateDuration[] {
  const used = new Set(rates.filter((r) => r.call_type === callType).map((r) => r.duration));
  return RATE_DURATIONS.filter((d) => !used.has(d));
}

/** A new rate defaults to 1hr, or the first free duration when 1hr is taken; null when all six are used. */
export function newRateDuration(
  rates: { call_type: string; duration: string }[],
  callType: CallType,
): RateDuration | null {
  const free = freeDurations(rates, callType);
  if (free.length === 0) return null;
  return free.includes("1hr") ? "1hr" : free[0];
}

export const CALL_TYPE_LABEL: Record<CallType, string> = { incall: "Incall", outcall: "Outcall" };
export { CALL_TYPES };

/** Moves one item and renumbers every position from 1 (drag-and-drop and keyboard reordering). */
export function moveItem<T extends { position: number }>(items: T[], from: number, to: number): T[] {
  if (from < 0 || from >= items.length || to < 0 || to >= items.length || from === to) return renumber(items);
  const next = [...items];
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved);
  return renumber(next);
}

export function renumber<T extends { position: number }>(items: T[]): T[] {
  return items.map((item, i) => (item.position === i + 1 ? item : { ...item, position: i + 1 }));
}

/**
 * The final photo order of a save: what the editor asked for (requested positions, ties kept in the
 * order given), then any saved photo it did not mention, in its old order, never dropped silently.
 * Answers the photos renumbered 1..n.
 */
export function orderImages<T extends { requested: number | null; previous: number }>(
  images: T[],
): (T & { position: number })[] {
  const indexed = images.map((img, i) => ({ img, i }));
  indexed.sort((a, b) => {
    const ra = a.img.requested ?? Number.POSITIVE_INFINITY;
    const rb = b.img.requested ?? Number.POSITIVE_INFINITY;
    return ra - rb || a.img.previous - b.img.previous || a.i - b.i;
  });
  return indexed.map(({ img }, i) => ({ ...img, position: i + 1 }));
}
