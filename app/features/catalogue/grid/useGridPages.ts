// The grid's pages in the browser: the cards shown, the next page to load, endless scroll, the reload
// of every page scrolled through when the same view revalidates (a realtime update), and the place kept for
// Back (useGridPlace.ts).
import { useCallback, useEffect, useRef, useState } from "react";
import type { MutableRefObject, RefObject } from "react";
import { useJsonFetch } from "~/ui/useJsonFetch";
import { mergeCards } from "~/core/listing-card";
import type { ListingCardData } from "~/core/listing-card";
import type { GridPage } from "../listings-view";
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
  // Back from a profile: the cards and pages the visitor had, so the scroll lands where they left.
  const restored = useRestoredPlace(viewKey, first.page);
  const [cards, setCards] = useState<ListingCardData[]>(restored?.cards ?? first.cards);
  const [next, setNext] = useState<number | null>(restored ? restored.next : first.hasMore ? first.page + 1 : null);
  const more = useJsonFetch<GridPage>();
  const { load: loadMorePage } = more;
  const { load: reloadPages } = useJsonFetch<GridPage>();
  const sentinel = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (shownIds) shownIds.current = new Set(cards.map((c) => c.modelId));
  }, [cards, shownIds]);

  const shown = useRef({ viewKey, pages: restored?.pages ?? first.page });
  const keepRestored = useRef(restored != null);

  const gridUrl = useCallback(
    (page: number, pages = 1) => {
      const params = new URLSearchParams(search);
      if (region) params.set("region", region);
      params.set("page", String(page));
      if (pages > 1) params.set("pages", String(pages));
      return `/api/grid?${params}`;
    },
    [search, region],
  );

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
      void reloadPages(gridUrl(1, pagesShown)).then((result) => {
        if (!result.ok) return;
        setCards(result.data.cards);
        setNext(result.data.hasMore ? result.data.page + 1 : null);
      });
      return;
    }
    shown.current = { viewKey, pages: first.page };
    setCards(first.cards);
    setNext(first.hasMore ? first.page + 1 : null);
    // viewKey and gridUrl change only together with `first` (one loader answer), so this still runs once per answer.
  }, [first, viewKey, gridUrl, reloadPages]);

  const loadMore = useCallback(
    async (page: number) => {
      const result = await loadMorePage(gridUrl(page));
      if (!result.ok) return;
      setCards((current) => mergeCards(current, result.data.cards));
      setNext(result.data.hasMore ? result.data.page + 1 : null);
      shown.current.pages = result.data.page;
    },
    [loadMorePage, gridUrl],
  );

  useEndlessScroll(sentinel, next, more.loading, more.failure != null, loadMore);
  useKeepPlace({ view: viewKey, firstPage: first.page, pages: shown.current.pages, next, cards });

  return { cards, next, loading: more.loading, failure: more.failure, loadMore, sentinel };
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
