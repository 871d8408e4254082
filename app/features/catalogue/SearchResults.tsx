import { Link } from "@remix-run/react";
import { FIRST_ROW, GRID_CLASSES, ListingCard, SKELETONS, SkeletonCard } from "~/features/catalogue/ListingCard";
import { LoadFailed } from "~/ui/LoadFailed";
import { searchPageHref, useSearchPages } from "./useSearchPages";
import type { SearchPage } from "./useSearchPages";

export { searchPageHref, searchPagesHref, type SearchPage } from "./useSearchPages";

/**
 * Search results with endless scroll, like the home grid: the next page arrives when the end sentinel comes
 * within 50 px of the viewport, and without JavaScript the 'More results' link loads it instead.
 */
export function SearchResults({
  first,
  search,
  now,
  shownIds,
}: {
  first: SearchPage;
  /** The page's query string (`q`, and `after` on a no-JS continuation). */
  search: string;
  now: number;
  /** Kept up to date with the ids of every card shown, for the realtime refresh decision. */
  shownIds: React.MutableRefObject<Set<string>>;
}) {
  const { cards, next, failed, answered, loading, loadNext, sentinel } = useSearchPages({ first, search, shownIds });

  return (
    <>
      <div className={GRID_CLASSES} data-testid="search-results">
        {cards.map((card, i) => (
          <ListingCard
            key={card.modelId}
            card={card}
            now={now}
            firstRow={i < FIRST_ROW}
            href={`/profile/${card.modelId}`}
          />
        ))}
        {loading ? Array.from({ length: SKELETONS }, (_, i) => <SkeletonCard key={`s${i}`} />) : null}
      </div>
      {failed && next != null ? (
        <LoadFailed message="More results could not be loaded." onRetry={loadNext} testId="load-more-error" />
      ) : null}
      <div ref={sentinel} className="h-px" data-testid="search-end" />
      {next != null ? (
        <nav className="mt-6 flex justify-center gap-4 text-sm" aria-label="Pages">
          {/* Endless scroll takes over with JavaScript; this link is the fallback and stays usable by keyboard. */}
          <Link
            className="rounded-lg border border-line px-4 py-3"
            to={searchPageHref(first.q, next)}
            // With JavaScript: the next page here, and nothing while one is on its way (followed, the link
            // would open a page of its own past the one endless scroll was loading).
            onClick={(event) => {
              event.preventDefault();
              if (!loading && !answered) loadNext();
            }}
            aria-disabled={loading || undefined}
            data-testid="more-link"
          >
            More results
          </Link>
        </nav>
      ) : null}
    </>
  );
}
