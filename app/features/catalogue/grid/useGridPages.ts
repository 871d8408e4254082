// The grid's pages in the browser: the cards shown, the next page to load, endless scroll, the reload
// of every page scrolled through when the same view revalidates (a realtime update), and the place kept for
// Back (useGridPlace.ts). Every page is asked for in the rotation slot of the first (grid-slot.ts), so the
// order does not turn under a visitor's scroll, nor after Back (the place keeps its slot).
import { useCallback, useEffect, useRef, useState } from "react";
import type { MutableRefObject, RefObject } from "react";
import { useJsonFetch } from "~/ui/useJsonFetch";
import { useHydrated } from "~/ui/useHydrated";
import { mergeCards } from "~/core/listing-card";
import type { ListingCardData } from "~/core/listing-card";
import type { GridPage } from "../listings-view";
import { SLOT_PARAM } from "../grid-slot";
import { startFrom } from "./grid-place";
import { useFocusNewCards } from "./useFocusNewCards";
import { useKeepPlace, useRestoredPlace } from "./useGridPlace";

export function useGridPages({
  first,
  search,
  region,
  pathname,
  shownIds,
}: {
  first: GridPage;
  search: string;
  region: string | null;
  pathname: string;
  shownIds?: MutableRefObject<Set<string>>;
}) {
  const viewKey = `${pathname}${search}`;
  // Back from a profile: the cards and pages the visitor had, so the scroll lands where they left, and the
  // slot they were read in, so the pages after them follow on in the same order.
  const restored = useRestoredPlace(viewKey, first.page);
  const [start] = useState(() => startFrom(first, restored));
  const [cards, setCards] = useState<ListingCardData[]>(start.cards);
  const [next, setNext] = useState<number | null>(start.next);
  // The slot the cards on screen are ordered in: the first page's, until the server says it is too old.
  const [slot, setSlot] = useState<number | null>(start.slot);
  // The cards the list has put on the screen (CardList's onShown). The list is an island: a page that comes in
  // before its code is shows only once the code is in, and until then the end of the grid is still where it
  // was. Endless scroll waits for the cards held to be the cards shown, so it never asks for a page the visitor
  // has not scrolled to. While hydrating, the server's HTML shows the first page; a grid mounted later shows
  // nothing until its list says so.
  const hydrating = !useHydrated();
  const [onScreen, setOnScreen] = useState<ListingCardData[] | null>(() => (hydrating ? start.cards : null));
  const more = useJsonFetch<GridPage>();
  const { load: loadMorePage } = more;
  const { load: reloadPages } = useJsonFetch<GridPage>();
  const sentinel = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (shownIds) shownIds.current = new Set(cards.map((c) => c.modelId));
  }, [cards, shownIds]);

  const shown = useRef({ viewKey, pages: start.pages });
  const keepRestored = useRef(restored != null);

  const gridUrl = useCallback(
    (page: number, inSlot: number | null, pages = 1) => {
      const params = new URLSearchParams(search);
      if (region) params.set("region", region);
      params.set("page", String(page));
      if (pages > 1) params.set("pages", String(pages));
      if (inSlot !== null) params.set(SLOT_PARAM, String(inSlot));
      return `/api/grid?${params}`;
    },
    [search, region],
  );

  /**
   * Every page shown (1 to the last scrolled in) again, in slot `inSlot`, in place of the cards shown; false when
   * that failed or the view changed meanwhile. A page scrolled in while the answer was on its way is not in it:
   * the pages are asked for again, or the answer would take that page away from under the visitor.
   */
  const reloadShown = useCallback(
    async (inSlot: number | null) => {
      const view = shown.current;
      for (let slotAsked = inSlot; ;) {
        const pages = view.pages;
        const result = await reloadPages(gridUrl(1, slotAsked, pages));
        if (!result.ok || shown.current !== view) return false;
        if (view.pages > pages) {
          slotAsked = result.data.slot;
          continue;
        }
        setCards(result.data.cards);
        setNext(result.data.hasMore ? result.data.page + 1 : null);
        setSlot(result.data.slot);
        return true;
      }
    },
    [reloadPages, gridUrl],
  );
  // The slot of the cards on screen, for the refresh below, which runs for a new loader answer, not a new slot.
  const slotShown = useRef(slot);
  slotShown.current = slot;

  // A new view replaces what was scrolled in. The same view revalidated (a realtime update) reloads
  // every page the visitor has scrolled through, so the list does not jump back to the first eight. A
  // failed refresh keeps the cards on screen: they are at worst a moment old.
  useEffect(() => {
    // The restored cards are what the visitor saw: refreshing them now could move the card they came back to.
    if (keepRestored.current) {
      keepRestored.current = false;
      return;
    }
    const pagesShown = shown.current.pages - first.page + 1;
    if (shown.current.viewKey === viewKey && first.page === 1 && pagesShown > 1) {
      // In the slot the visitor is reading (grid-slot.ts), not the new first page's: the cards scrolled through
      // do not take the clock's next turn of the order under the visitor's eyes.
      void reloadShown(slotShown.current);
      return;
    }
    shown.current = { viewKey, pages: first.page };
    setCards(first.cards);
    setNext(first.hasMore ? first.page + 1 : null);
    setSlot(first.slot);
    // viewKey and reloadShown change only together with `first` (one loader answer), so this still runs once per answer.
  }, [first, viewKey, reloadShown]);

  const beforeAdding = useFocusNewCards(cards, onScreen);
  const loadMore = useCallback(
    async (page: number) => {
      const result = await loadMorePage(gridUrl(page, slot));
      if (!result.ok) return;
      shown.current.pages = result.data.page;
      if (result.data.slot !== slot) {
        // The page was left open past the slots the server keeps: its answer is in the order of now, which the
        // cards above are not. Every page shown is read again in that order, so nobody is missed or shown
        // twice; nothing more is asked for meanwhile. Should that fail, the answer is added as it is.
        setNext(null);
        if (await reloadShown(result.data.slot)) return;
        setSlot(result.data.slot);
      }
      beforeAdding(result.data.cards);
      setCards((current) => mergeCards(current, result.data.cards));
      setNext(result.data.hasMore ? result.data.page + 1 : null);
    },
    [loadMorePage, gridUrl, slot, reloadShown, beforeAdding],
  );

  useEndlessScroll(sentinel, onScreen === cards ? next : null, more.loading, more.failure != null, loadMore);
  useKeepPlace({ view: viewKey, firstPage: first.page, pages: shown.current.pages, next, slot, cards });

  return { cards, next, slot, loading: more.loading, failure: more.failure, loadMore, sentinel, onShown: setOnScreen };
}

// Endless scroll. After a failed load it waits for the visitor's 'Try again' rather than retrying by itself.
function useEndlessScroll(
  sentinel: RefObject<HTMLDivElement>,
  next: number | null,
  loading: boolean,
  failed: boolean,
  loadMore: (page: number) => Promise<void>,
) {
  useEffect(() => {
    const el = sentinel.current;
    if (!el || next == null || loading || failed) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((e) => e.isIntersecting)) return;
        observer.disconnect();
        void loadMore(next);
      },
      { rootMargin: "0px 0px 50px 0px" },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [sentinel, next, loading, failed, loadMore]);
}
