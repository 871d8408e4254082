// The browser side of grid-place.ts: what a grid returned to by Back starts from, and keeping it up to date.
import { useLocation, useNavigationType } from "@remix-run/react";
import { useEffect, useState } from "react";
import type { ListingCardData } from "~/core/listing-card";
import { GRID_PLACES_KEY, parsePlaces, placeFor, withPlace } from "./grid-place";
import type { GridPlace } from "./grid-place";

function readPlaces() {
  try {
    return parsePlaces(sessionStorage.getItem(GRID_PLACES_KEY));
  } catch {
    return [];
  }
}

/**
 * The place kept for this history entry, when the grid mounts because the visitor came back to it (Back or
 * Forward inside the app). Never while the server's page is being hydrated: that render must match the HTML.
 */
export function useRestoredPlace(view: string, firstPage: number): GridPlace | null {
  const { key } = useLocation();
  const navigationType = useNavigationType();
  const [restored] = useState(() => {
    if (typeof document === "undefined" || navigationType !== "POP") return null;
    if (document.documentElement.dataset.hydrated !== "true") return null;
    return placeFor(readPlaces(), key, view, firstPage, Date.now());
  });
  return restored;
}

/** Keeps the cards shown under this history entry's key, each time more are scrolled in. */
export function useKeepPlace(place: {
  view: string;
  firstPage: number;
  pages: number;
  next: number | null;
  slot: number | null;
  cards: ListingCardData[];
}) {
  const { key } = useLocation();
  const { view, firstPage, pages, next, slot, cards } = place;
  useEffect(() => {
    // Only a grid scrolled past its first page has a place worth keeping (placeFor refuses the rest).
    if (pages <= firstPage) return;
    try {
      const kept = withPlace(readPlaces(), key, { view, firstPage, pages, next, slot, cards, at: Date.now() });
      sessionStorage.setItem(GRID_PLACES_KEY, JSON.stringify(kept));
    } catch {
      // Storage full or blocked: Back shows the first page, as it would without this.
    }
  }, [key, view, firstPage, pages, next, slot, cards]);
}
