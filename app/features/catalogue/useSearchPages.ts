// The search results' pages in the browser: the cards shown, the cursor of the next page, endless scroll,
// and the reload of every page scrolled through when the same query revalidates (a realtime update).
import { useFetcher } from "@remix-run/react";
import { useCallback, useEffect, useRef, useState } from "react";
import { mergeCards } from "~/core/listing-card";
import type { ListingCardData } from "~/core/listing-card";

/**
 * What the /search loader answers for one page: `after` is the cursor it was asked for (null for the first
 * page), `next` the one after it (null on the last page).
 */
export type SearchPage = {
  q: string;
  after: string | null;
  results: ListingCardData[];
  next: string | null;
  failed: boolean;
};

/** The URL of the page after `next`: the same /search loader, so the no-JS link and endless scroll agree. */
export function searchPageHref(q: string, next: string) {
  return `/search?${new URLSearchParams({ q, after: next })}`;
}

/** The page's own results again, `pages` pages of them at once (what a realtime refresh reloads). */
export function searchPagesHref(search: string, pages: number) {
  const params = new URLSearchParams(search);
  params.set("pages", String(pages));
  return `/search?${params}`;
}

/**
 * Whether the end of the list (the `sentinel` element) is within 50 px of the viewport, kept by one observer
 * for the page's life.
 */
function useNearEnd() {
  const [atEnd, setAtEnd] = useState(false);
  const sentinel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = sentinel.current;
    if (!el) return;
    const observer = new IntersectionObserver((entries) => setAtEnd(entries[entries.length - 1].isIntersecting), {
      rootMargin: "0px 0px 50px 0px",
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return { atEnd, sentinel };
}

export function useSearchPages({
  first,
  search,
  shownIds,
}: {
  first: SearchPage;
  search: string;
  shownIds: React.MutableRefObject<Set<string>>;
}) {
  const [cards, setCards] = useState(first.results);
  const [next, setNext] = useState(first.next);
  // The next page is asked for whenever the end is near and nothing is loading, whatever order the answers,
  // revalidations and scrolls come in.
  const { atEnd, sentinel } = useNearEnd();
  const fetcher = useFetcher<SearchPage>();
  // Which results are on screen: the page's query string and how many pages of it have been scrolled in.
  const shown = useRef({ search, pages: 1 });
  const refresher = useFetcher<SearchPage>();
  const refreshing = useRef(false);
  const { load: reload } = refresher;

  // A new answer of the loader for another query starts the list again. The same query revalidated (a
  // realtime update) reloads every page scrolled through, so the list does not jump back to the first
  // page; until that answer comes, and if it fails, the cards on screen stay.
  useEffect(() => {
    if (shown.current.search === search && shown.current.pages > 1) {
      refreshing.current = true;
      reload(searchPagesHref(search, shown.current.pages));
      return;
    }
    shown.current = { search, pages: 1 };
    setCards(first.results);
    setNext(first.next);
  }, [first, search, reload]);

  useEffect(() => {
    const page = refresher.data;
    if (refresher.state !== "idle" || !page || !refreshing.current) return;
    refreshing.current = false;
    if (page.failed || page.q !== first.q) return;
    setCards(page.results);
    setNext(page.next);
  }, [refresher.state, refresher.data, first.q]);

  useEffect(() => {
    shownIds.current = new Set(cards.map((c) => c.modelId));
  }, [cards, shownIds]);

  // The answer for the page the list is waiting for (its `after` is our `next`) is added once: after that,
  // `next` moves on and the same answer no longer matches.
  const page = fetcher.state === "idle" ? fetcher.data : undefined;
  const answered = page !== undefined && page.q === first.q && next !== null && page.after === next;
  useEffect(() => {
    if (!answered || !page || page.failed) return;
    setCards((current) => mergeCards(current, page.results));
    setNext(page.next);
    shown.current.pages += 1;
  }, [answered, page]);
  const failed = answered && Boolean(page?.failed);

  const { load } = fetcher;
  const loadNext = useCallback(() => {
    if (next != null) load(searchPageHref(first.q, next));
  }, [load, first.q, next]);
  useEffect(() => {
    // `answered`: this page's answer is in (being added, or failed and waiting for 'Try again').
    if (!atEnd || next == null || fetcher.state !== "idle" || answered) return;
    load(searchPageHref(first.q, next));
  }, [atEnd, next, fetcher.state, answered, load, first.q]);

  return { cards, next, failed, answered, loading: fetcher.state !== "idle", loadNext, sentinel };
}
