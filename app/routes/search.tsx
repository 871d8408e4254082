import { data } from "@remix-run/cloudflare";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData, useLocation, useRevalidator } from "@remix-run/react";
import { useRef } from "react";
import { useProfileUpdates } from "~/features/site/Realtime";
import { SearchResults } from "~/features/catalogue/SearchResults";
import { pageShouldRefresh } from "~/platform/realtime/protocol";
import { parsePage } from "~/features/catalogue/filters";
import { decodeSearchCursor, normaliseQuery } from "~/features/search/search";
import { pageTitle } from "~/features/site/seo";
import { getSessionUser } from "~/features/accounts/auth.server";
import { DEFAULT_SEARCH_LIMIT, MAX_SEARCH_PAGES, searchListings } from "~/features/search/search.server";
import { ListErrorBoundary, LoadFailed } from "~/ui/LoadFailed";
import { NOINDEX, PARTIAL_NO_STORE, pipeHeaders } from "~/platform/http/page-answer";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: pageTitle(data?.q ? `Search Results for "${data.q}"` : "Search") },
  { name: "description", content: "Find a listing by name." },
  NOINDEX,
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { env } = context.cloudflare;
  const params = new URL(request.url).searchParams;
  const q = normaliseQuery(params.get("q"));
  // A cursor we could not have issued starts from the top: the results are still right, only the page is.
  const after = decodeSearchCursor(params.get("after"));
  // A realtime refresh reloads every page the visitor has scrolled through at once (SearchResults).
  const pages = Math.min(parsePage(params.get("pages")), MAX_SEARCH_PAGES);
  // `after` echoes the cursor asked for, so endless scroll knows which page an answer is (SearchResults).
  const base = {
    now: Date.now(),
    continued: after !== null,
    after: after ? params.get("after") : null,
    next: null,
    failed: false,
  };
  // Blank or whitespace-only text runs no query at all.
  if (!q) return { ...base, q: "", results: [] };
  const viewer = await getSessionUser(request, env, context).catch(() => null);
  try {
    const { results, next } = await searchListings(env, q, {
      includeHidden: Boolean(viewer?.isAdmin),
      after,
      limit: DEFAULT_SEARCH_LIMIT * pages,
    });
    return { ...base, q, results, next };
  } catch (error) {
    // Spec public §8: a failed list is logged and shown empty; the page offers to try again.
    console.error("search failed", error);
    return data({ ...base, q, results: [], failed: true }, { headers: PARTIAL_NO_STORE });
  }
}

export const headers = pipeHeaders;

export default function Search() {
  const data = useLoaderData<typeof loader>();
  const { q, results, now, failed, continued } = data;
  const location = useLocation();
  const revalidator = useRevalidator();
  const shownIds = useRef(new Set<string>());
  // Only a change to a listing shown here, or one newly public that might match, reloads the results.
  useProfileUpdates((event) => {
    if (pageShouldRefresh(event, { ids: shownIds.current, region: null })) revalidator.revalidate();
  });
  return (
    <div className="mx-auto max-w-7xl space-y-5 px-3 py-5 sm:px-6">
      <h1 className="text-2xl font-bold sm:text-3xl">Search Results for "{q}"</h1>
      {continued && q ? (
        <p className="text-sm">
          <Link className="text-accent underline" to={`/search?${new URLSearchParams({ q })}`}>
            Back to the first results
          </Link>
        </p>
      ) : null}
      {failed ? (
        <LoadFailed
          message="The search results could not be loaded just now."
          retryHref={location.pathname + location.search}
        />
      ) : results.length === 0 ? (
        <p className="rounded-xl border border-line bg-panel p-6 text-center text-muted">
          No models found matching your search.
        </p>
      ) : (
        <SearchResults first={data} search={location.search} now={now} shownIds={shownIds} />
      )}
    </div>
  );
}

export const ErrorBoundary = () => <ListErrorBoundary heading="Search Results" what="The search results" />;
