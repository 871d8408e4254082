import { useCallback, useSyncExternalStore } from "react";
import { reportEvent } from "~/features/insights/beacon";
import { FAVOURITES_EVENT, FAVOURITES_KEY, parseFavourites, toggleFavourite } from "./favourites";

// Cached so useSyncExternalStore sees a stable snapshot until storage changes.
let cachedRaw: string | null | undefined;
let cachedList: string[] = [];
const EMPTY: string[] = [];

function read(): string[] {
  let raw: string | null = null;
  try {
    raw = sessionStorage.getItem(FAVOURITES_KEY);
  } catch {
    // Storage blocked: behave as if empty.
  }
  if (raw !== cachedRaw) {
    cachedRaw = raw;
    cachedList = parseFavourites(raw);
  }
  return cachedList;
}

function subscribe(onChange: () => void) {
  window.addEventListener(FAVOURITES_EVENT, onChange);
  window.addEventListener("storage", onChange);
  return () => {
    window.removeEventListener(FAVOURITES_EVENT, onChange);
    window.removeEventListener("storage", onChange);
  };
}

/** The favourites list, shared by every component on the page (the header heart updates at once). */
export function useFavourites() {
  const list = useSyncExternalStore(subscribe, read, () => EMPTY);
  const toggle = useCallback((listingId: string) => {
    const next = toggleFavourite(read(), listingId);
    try {
      sessionStorage.setItem(FAVOURITES_KEY, JSON.stringify(next));
    } catch {
      return;
    }
    window.dispatchEvent(new Event(FAVOURITES_EVENT));
    if (next.includes(listingId)) reportEvent({ kind: "favourite", listing: listingId });
  }, []);
  return { favourites: list, toggle };
}
