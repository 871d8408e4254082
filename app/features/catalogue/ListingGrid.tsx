import { Link } from "@remix-run/react";
import { useRef } from "react";
import type { MutableRefObject } from "react";
import { useCardImpressions } from "~/features/insights/beacon";
import type { GridPage } from "./listings-view";
import { GRID_CLASSES, SKELETONS, SkeletonCard } from "./grid/grid-layout";
import { CardList } from "./grid/LazyGridParts";
import { LoadFailed } from "~/ui/LazyLoadFailed";
import { GridPager } from "./grid/GridPager";
import { useGridPages } from "./grid/useGridPages";

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

/** The administrators' grid's skeleton cards (the public grid's are SKELETONS). */
const ADMIN_SKELETONS = 8;

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
  const {
    cards,
    next,
    slot,
    loading: loadingMore,
    failure,
    loadMore,
    sentinel,
    onShown,
  } = useGridPages({
    first,
    search,
    region,
    pathname,
    shownIds,
  });
  // Card impressions for the listings' insights (decision 0024); the administrators' grid is not an audience.
  const grid = useRef<HTMLDivElement>(null);
  useCardImpressions(grid, admin ? null : cards);

  const placeholder = gridPlaceholder({
    first,
    loading,
    loadFailed,
    emptyMessage,
    skeletons,
    href: `${pathname}${search}`,
  });
  if (placeholder) return placeholder;
  return (
    <>
      <div ref={admin ? undefined : grid} className={GRID_CLASSES} data-testid="listing-grid">
        <CardList cards={cards} now={now} firstRowFirst={firstRowFirst} admin={admin} onShown={onShown} />
        {loadingMore ? Array.from({ length: skeletons }, (_, i) => <SkeletonCard key={`s${i}`} />) : null}
      </div>
      {failure && next != null ? (
        <LoadFailed
          message="More listings could not be loaded."
          onRetry={() => void loadMore(next)}
          testId="load-more-error"
        />
      ) : null}
      <div ref={sentinel} className="h-px" data-testid="grid-end" />
      <GridPager
        pathname={pathname}
        search={search}
        page={first.page}
        next={next}
        slot={slot}
        loading={loadingMore}
        loadMore={loadMore}
      />
    </>
  );
}

/** What stands in for the cards: skeletons while loading, a failed load, a page past the end, no match. */
function gridPlaceholder({
  first,
  loading,
  loadFailed,
  emptyMessage,
  skeletons,
  href,
}: {
  first: GridPage;
  loading: boolean;
  loadFailed: boolean;
  emptyMessage: string | null;
  skeletons: number;
  href: string;
}) {
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
    return <LoadFailed message="The listings could not be loaded just now." retryHref={href} />;
  }
  if (pastEnd) {
    return (
      <p className="rounded-xl border border-line bg-panel p-6 text-center text-muted">
        That is the end of the listings.{" "}
        <Link className="text-accent underline" to={href}>
          Back to the first page
        </Link>
      </p>
    );
  }
  if (emptyMessage) {
    return <p className="rounded-xl border border-line bg-panel p-6 text-center text-muted">{emptyMessage}</p>;
  }
  return null;
}
