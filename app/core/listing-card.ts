import type { ListingRow } from "../../drizzle/schema";
import { centsToDollars } from "~/platform/money";
import { photoUrl } from "~/core/photo-keys";
import type { CardTour } from "~/core/tour-text";
import type { CardShift } from "~/core/roster";

/** What a listing card needs: one row of `listings`, no joins. */
export type ListingCardData = {
  modelId: string;
  firstName: string;
  age: number | null;
  tagLine: string;
  location: string;
  suburb: string;
  /** One hour in dollars (as every public JSON answer gives money): incall, else outcall. */
  rate60: number | null;
  featured: boolean;
  hot: boolean;
  verified: boolean;
  live: boolean;
  photoVerified: boolean;
  active: boolean;
  activeUntil: number | null;
  cover: { url: string; width: number; height: number } | null;
  /** The stop the listing is on today (docs/dashboard.md), where the grid reads it; null elsewhere and when none. */
  tour: CardTour | null;
  /** Today's roster shift (docs/decisions/0060-agency-roster.md), where the grid reads it; null elsewhere and when none. */
  shift: CardShift | null;
};

/** The listing columns a card is made from (features/listings/card-queries.server.ts cardColumns reads them). */
export type CardRow = Pick<
  ListingRow,
  | "id"
  | "firstName"
  | "age"
  | "tagLine"
  | "location"
  | "suburb"
  | "rate60"
  | "orate60"
  | "featured"
  | "hot"
  | "verified"
  | "live"
  | "photoVerified"
  | "active"
  | "activeUntil"
  | "coverKey"
  | "coverWidth"
  | "coverHeight"
>;

export function toCard(row: CardRow): ListingCardData {
  return {
    modelId: row.id,
    firstName: row.firstName,
    age: row.age,
    tagLine: row.tagLine,
    location: row.location,
    suburb: row.suburb,
    rate60: centsToDollars(row.rate60 ?? row.orate60),
    featured: row.featured,
    hot: row.hot,
    verified: row.verified,
    live: row.live,
    photoVerified: row.photoVerified,
    active: row.active,
    activeUntil: row.activeUntil,
    cover: row.coverKey
      ? { url: photoUrl(row.coverKey), width: row.coverWidth ?? 600, height: row.coverHeight ?? 800 }
      : null,
    tour: null,
    shift: null,
  };
}

/**
 * The anchor of a listing's card or profile: where the like form's answer lands (likes.ts), and what the grid
 * finds a new page's first card by (useFocusNewCards.ts).
 */
export const listingAnchor = (listingId: string) => `listing-${listingId}`;

/** Appends cards, keeping the first copy of each modelId. */
export function mergeCards(existing: ListingCardData[], incoming: ListingCardData[]): ListingCardData[] {
  const seen = new Set(existing.map((c) => c.modelId));
  return [...existing, ...incoming.filter((c) => !seen.has(c.modelId) && seen.add(c.modelId))];
}
