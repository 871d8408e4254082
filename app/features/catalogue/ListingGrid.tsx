import { Link } from "@remix-run/react";
import { useCallback, useEffect, useRef, useState, type MutableRefObject } from "react";
import { useCardImpressions } from "~/features/insights/beacon";
import { mergeCards, type ListingCardData } from "./listing-card";
import type { GridPage } from "./listings-view";
import { FIRST_ROW, GRID_CLASSES, ListingCard, SkeletonCard } from "./ListingCard";
import { LoadFailed } from "~/ui/LoadFailed";
import { useJsonFetch } from "~/ui/useJsonFetch";

type Props = {
  first: GridPage;
  now: number;
  /** Query string of the current view without the page (e.g. "?age=18-24"). */
  search: string;
  region: string | null;
  pathname: string;
  emptyMessage: string | null;
  /** Kept up to date with the ids of every card shown, for the realtime refresh decision. */
  shownIds?: MutableRefObject<Set<string>>;
  /** The first page could not be read on the server: an empty list with a way to try again (spec §8). */
  loadFailed?: boolean;
  loading: boolean;
  /** The administrators' grid: every listing with badges and action menus, and 8 skeletons instead of 6. */
  admin?: boolean;
  /** This grid's first row is the page's first row of cards (false when other cards are above it). */
  firstRowFirst?: boolean;
};

/** Skeleton cards while loading (spec public §2): 6 in the public grid, 8 in the admin grid. */
const SKELETONS = 6;
const ADMIN_SKELETONS = 8;

function withPage(search: string, page: number) {
  const params = new URLSearchParams(search);
  params.set("page", String(page));
  return `?${params}`;
}

/**
 * The card grid with endless scroll: the next 8 arrive when the end sentinel comes within 50 px of the
 * viewport. Without JavaScript the 'More listings' link loads the next page instead.
 */
export function ListingGrid({
  first,
  now,
  search,
  region,
  pathname,
  emptyMessage,
  shownIds,
  loadFailed = false,
  loading,
  admin = false,
  firstRowFirst = true,
}: Props) {
  const skeletons = admin ? ADMIN_SKELETONS : SKELETONS;
  const [cards, setCards] = useState<ListingCardData[]>(first.cards);
  const [next, setNext] = useState<number | null>(first.hasMore ? first.page + 1 : null);
  const more = useJsonFetch<GridPage>();
  const { load: loadMorePage } = more;
  const { load: reloadPages } = useJsonFetch<GridPage>();
  const sentinel = useRef<HTMLDivElement>(null);
  // Card impressions for the listings' insights (decision 0024); the administrators' grid is not an audience.
  const grid = useRef<HTMLDivElement>(null);
  useCardImpressions(grid, admin ? null : cards);

  useEffect(() => {
    if (shownIds) shownIds.current = new Set(cards.map((c) => c.modelId));
  }, [cards, shownIds]);

  const viewKey = `${pathname}${search}`;
  const shown = useRef({ viewKey, pages: first.page });

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

  // Endless scroll. After a failed load it waits for the visitor's 'Try again' rather than retrying by itself.
  useEffect(() => {
    const el = sentinel.current;
    if (!el || next == null || more.loading || more.failure) return;
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
  }, [next, more.loading, more.failure, loadMore]);

  const pastEnd = first.page > 1 && first.matched === 0;
  if (loading) {
    return (
      <div className={GRID_CLASSES} aria-busy="true" aria-label="Loading listings">
        {Array.from({ length: skeletons }, (_, i) => (
          <SkeletonCard key={i} />
        ))}
      </div>
    );
  }
  if (loadFailed) {
    return <LoadFailed message="The listings could not be loaded just now." retryHref={`${pathname}${search}`} />;
  }
  if (pastEnd) {
    return (
      <p className="rounded-xl border border-line bg-panel p-6 text-center text-muted">
        That is the end of the listings.{" "}
        <Link className="text-accent underline" to={`${pathname}${search}`}>
          Back to the first page
        </Link>
      </p>
    );
  }
  if (emptyMessage) {
    return <p className="rounded-xl border border-line bg-panel p-6 text-center text-muted">{emptyMessage}</p>;
  }
  return (
    <>
      <div ref={admin ? undefined : grid} className={GRID_CLASSES} data-testid="listing-grid">
        {cards.map((card, i) => (
          <ListingCard
            key={card.modelId}
            card={card}
            now={now}
            firstRow={firstRowFirst && i < FIRST_ROW}
            admin={admin}
          />
        ))}
        {more.loading ? Array.from({ length: skeletons }, (_, i) => <SkeletonCard key={`s${i}`} />) : null}
      </div>
      {more.failure && next != null ? (
        <LoadFailed
          message="More listings could not be loaded."
          onRetry={() => void loadMore(next)}
          testId="load-more-error"
        />
      ) : null}
      <div ref={sentinel} className="h-px" data-testid="grid-end" />
      <nav className="mt-6 flex justify-center gap-4 text-sm" aria-label="Pages">
        {first.page > 1 ? (
          <Link
            className="rounded-lg border border-line px-4 py-3"
            to={`${pathname}${withPage(search, first.page - 1)}`}
          >
            Previous listings
          </Link>
        ) : null}
        {next != null ? (
          // Endless scroll takes over with JavaScript; this link is the fallback and stays usable by keyboard.
          // With JavaScript it adds the next page here, and does nothing while one is on its way: followed,
          // it would open a page of its own past the one endless scroll was loading.
          <Link
            className="rounded-lg border border-line px-4 py-3"
            to={`${pathname}${withPage(search, next)}`}
            onClick={(event) => {
              event.preventDefault();
              if (!more.loading) void loadMore(next);
            }}
            aria-disabled={more.loading || undefined}
            data-testid="more-link"
          >
            More listings
          </Link>
        ) : null}
      </nav>
    </>
  );
}
