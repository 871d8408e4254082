// The grid's page links: the way to earlier listings, and 'More listings' (the fallback for endless scroll).
import { Link } from "@remix-run/react";
import { SLOT_PARAM } from "../grid-slot";
import { MORE_LINK_ATTRIBUTE } from "./useFocusNewCards";

/** A page of this grid, in the rotation slot of the pages shown (grid-slot.ts), so no listing is skipped. */
function withPage(search: string, page: number, slot: number | null) {
  const params = new URLSearchParams(search);
  params.set("page", String(page));
  if (slot !== null) params.set(SLOT_PARAM, String(slot));
  return `?${params}`;
}

export function GridPager({
  pathname,
  search,
  page,
  next,
  slot,
  loading,
  loadMore,
}: {
  pathname: string;
  search: string;
  page: number;
  next: number | null;
  slot: number | null;
  loading: boolean;
  loadMore: (page: number) => Promise<void>;
}) {
  return (
    <nav className="mt-6 flex justify-center gap-4 text-sm" aria-label="Pages">
      {page > 1 ? (
        <Link className="rounded-lg border border-line px-4 py-3" to={`${pathname}${withPage(search, page - 1, slot)}`}>
          Previous listings
        </Link>
      ) : null}
      {next != null ? (
        // Endless scroll takes over with JavaScript; this link is the fallback and stays usable by keyboard.
        // With JavaScript it adds the next page here, and does nothing while one is on its way: followed,
        // it would open a page of its own past the one endless scroll was loading. The page's first card takes
        // the focus from it (useFocusNewCards.ts).
        <Link
          className="rounded-lg border border-line px-4 py-3"
          to={`${pathname}${withPage(search, next, slot)}`}
          onClick={(event) => {
            event.preventDefault();
            if (!loading) void loadMore(next);
          }}
          aria-disabled={loading || undefined}
          data-testid="more-link"
          {...{ [MORE_LINK_ATTRIBUTE]: "" }}
        >
          More listings
        </Link>
      ) : null}
    </nav>
  );
}
