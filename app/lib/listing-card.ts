import { centsToDollars } from "./money";
import { photoUrl } from "./photo-keys";

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
};

export type CardRow = {
  id: string;
  firstName: string;
  age: number | null;
  tagLine: string;
  location: string;
  suburb: string;
  rate60: number | null;
  orate60: number | null;
  featured: boolean;
  hot: boolean;
  verified: boolean;
  live: boolean;
  photoVerified: boolean;
  active: boolean;
  activeUntil: number | null;
  coverKey: string | null;
  coverWidth: number | null;
  coverHeight: number | null;
};

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
  };
}

/** Appends cards, keeping the first copy of each modelId. */
export function mergeCards(existing: ListingCardData[], incoming: ListingCardData[]): ListingCardData[] {
  const seen = new Set(existing.map((c) => c.modelId));
  return [...existing, ...incoming.filter((c) => !seen.has(c.modelId) && seen.add(c.modelId))];
}
