// The grid's pages in the browser: the cards shown, the next page to load, endless scroll, and the reload
// of every page scrolled through when the same view revalidates (a realtime update). Every page is asked for
// in the rotation slot of the first (grid-slot.ts), so the order does not turn under a visitor's scroll.
import { useCallback, useEffect, useRef, useState } from "react";
import type { MutableRefObject, RefObject } from "react";
import { useJsonFetch } from "~/ui/useJsonFetch";
import { mergeCards } from "~/core/listing-card";
import type { ListingCardData } from "~/core/listing-card";
import type { GridPage } from "../listings-view";
import { SLOT_PARAM } from "../grid-slot";

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
  const [cards, setCards] = useState<ListingCardData[]>(first.cards);
  const [next, setNext] = useState<number | null>(first.hasMore ? first.page + 1 : null);
  // The slot the cards on screen are ordered in: the first page's, until the server says it is too old.
  const [slot, setSlot] = useState<number | null>(first.slot);
  const more = useJsonFetch<GridPage>();
  const { load: loadMorePage } = more;
  const { load: reloadPages } = useJsonFetch<GridPage>();
  const sentinel = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (shownIds) shownIds.current = new Set(cards.map((c) => c.modelId));
  }, [cards, shownIds]);

  const viewKey = `${pathname}${search}`;
  const shown = useRef({ viewKey, pages: first.page });

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

  /** Pages 1 to `pages` again, in slot `inSlot`, in place of the cards shown; false when that failed. */
  const reloadShown = useCallback(
    async (pages: number, inSlot: number | null) => {
      const result = await reloadPages(gridUrl(1, inSlot, pages));
      if (!result.ok) return false;
      setCards(result.data.cards);
      setNext(result.data.hasMore ? result.data.page + 1 : null);
      setSlot(result.data.slot);
      return true;
    },
    [reloadPages, gridUrl],
  );

  // A new view replaces what was scrolled in. The same view revalidated (a realtime update) reloads
  // every page the visitor has scrolled through, so the list does not jump back to the first eight. A
  // failed refresh keeps the cards on screen: they are at worst a moment old.
  useEffect(() => {
    const pagesShown = shown.current.pages - first.page + 1;
    if (shown.current.viewKey === viewKey && first.page === 1 && pagesShown > 1) {
      // In the slot of the new first page: the pages read again follow on from it.
      void reloadShown(pagesShown, first.slot);
      return;
    }
    shown.current = { viewKey, pages: first.page };
    setCards(first.cards);
    setNext(first.hasMore ? first.page + 1 : null);
    setSlot(first.slot);
    // viewKey and reloadShown change only together with `first` (one loader answer), so this still runs once per answer.
  }, [first, viewKey, reloadShown]);

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
        if (await reloadShown(result.data.page, result.data.slot)) return;
        setSlot(result.data.slot);
      }
      setCards((current) => mergeCards(current, result.data.cards));
      setNext(result.data.hasMore ? result.data.page + 1 : null);
    },
    [loadMorePage, gridUrl, slot, reloadShown],
  );

  useEndlessScroll(sentinel, next, more.loading, more.failure != null, loadMore);

  return { cards, next, slot, loading: more.loading, failure: more.failure, loadMore, sentinel };
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
