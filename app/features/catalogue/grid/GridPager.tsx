// The grid's page links: the way to earlier listings, and 'More listings' (the fallback for endless scroll).
import { Link } from "@remix-run/react";

function withPage(search: string, page: number) {
  const params = new URLSearchParams(search);
  params.set("page", String(page));
  return `?${params}`;
}

export function GridPager({
  pathname,
  search,
  page,
  next,
  loading,
  loadMore,
}: {
  pathname: string;
  search: string;
  page: number;
  next: number | null;
  loading: boolean;
  loadMore: (page: number) => Promise<void>;
}) {
  return (
    <nav className="mt-6 flex justify-center gap-4 text-sm" aria-label="Pages">
      {page > 1 ? (
        <Link className="rounded-lg border border-line px-4 py-3" to={`${pathname}${withPage(search, page - 1)}`}>
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
            if (!loading) void loadMore(next);
          }}
          aria-disabled={loading || undefined}
          data-testid="more-link"
        >
          More listings
        </Link>
      ) : null}
    </nav>
  );
}
