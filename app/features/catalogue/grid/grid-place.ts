// Back from a profile returns to the same place in the grid: the same cards, every page that was scrolled in,
// so that the router's own scroll restoration lands on the card the visitor left from. The cards shown are
// kept in this tab's session storage under the history entry's key (Remix's location.key) and read back
// only when that entry is returned to (a POP navigation inside the app), with the rotation slot they were read
// in (grid-slot.ts): the pages loaded after Back must come from the same order as the cards above them.
import type { ListingCardData } from "~/core/listing-card";
import type { GridPage } from "../listings-view";

export type GridPlace = {
  /** The view (path and filters, without the page) the cards belong to. */
  view: string;
  /** The page the grid's first card came from (the URL's ?page). */
  firstPage: number;
  /** The last page scrolled in. */
  pages: number;
  next: number | null;
  /** The rotation slot the cards were read in (GridPage.slot); the later pages are asked for in it. */
  slot: number | null;
  cards: ListingCardData[];
  at: number;
};

export const GRID_PLACES_KEY = "gridPlaces";
/** The history entries kept: Back is used a few steps at a time, and each entry holds up to a hundred cards. */
export const MAX_PLACES = 5;
/** Older than this, the grid starts from its first page again: the listings have moved on. */
export const PLACE_MAX_AGE_MS = 30 * 60_000;

type Places = [key: string, place: GridPlace][];

export function parsePlaces(raw: string | null): Places {
  try {
    const value: unknown = raw ? JSON.parse(raw) : [];
    return Array.isArray(value)
      ? value.filter(
          (e): e is Places[number] =>
            Array.isArray(e) &&
            typeof e[0] === "string" &&
            typeof e[1] === "object" &&
            Array.isArray(e[1]?.cards) &&
            // A place kept without its slot cannot say which order its cards are in: it is not restored.
            (e[1].slot === null || typeof e[1].slot === "number"),
        )
      : [];
  } catch {
    return [];
  }
}

/** The places with `key`'s replaced by `place` (the newest last), at most MAX_PLACES of them. */
export function withPlace(places: Places, key: string, place: GridPlace): Places {
  return [...places.filter(([k]) => k !== key), [key, place] as Places[number]].slice(-MAX_PLACES);
}

/** The place kept for history entry `key`, when it is of the same view and page and still recent. */
export function placeFor(places: Places, key: string, view: string, firstPage: number, now: number): GridPlace | null {
  const place = places.find(([k]) => k === key)?.[1];
  if (!place || place.view !== view || place.firstPage !== firstPage) return null;
  if (now - place.at > PLACE_MAX_AGE_MS || place.pages <= firstPage) return null;
  return place;
}

/** What a grid starts from: the place kept for Back when there is one (its cards, pages and slot), else the first page. */
export function startFrom(
  first: Pick<GridPage, "cards" | "page" | "hasMore" | "slot">,
  restored: GridPlace | null,
): { cards: ListingCardData[]; next: number | null; pages: number; slot: number | null } {
  if (restored) return { cards: restored.cards, next: restored.next, pages: restored.pages, slot: restored.slot };
  return { cards: first.cards, next: first.hasMore ? first.page + 1 : null, pages: first.page, slot: first.slot };
}
