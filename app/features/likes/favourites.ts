// Favourites are a list of modelIds in session storage under 'heartedModels' (spec §3).
export { FAVOURITES_KEY } from "./saved-hearts";
export const FAVOURITES_EVENT = "favourites-changed";
const MAX_FAVOURITES = 200;

export function parseFavourites(raw: string | null): string[] {
  if (!raw) return [];
  try {
    const value: unknown = JSON.parse(raw);
    return Array.isArray(value)
      ? [...new Set(value.filter((v): v is string => typeof v === "string"))].slice(0, MAX_FAVOURITES)
      : [];
  } catch {
    return [];
  }
}

export function toggleFavourite(list: string[], listingId: string): string[] {
  return list.includes(listingId) ? list.filter((id) => id !== listingId) : [...list, listingId].slice(-MAX_FAVOURITES);
}
