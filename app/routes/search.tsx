import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData, useLocation, useRevalidator } from "@remix-run/react";
import { GRID_CLASSES, ListingCard } from "~/components/ListingCard";
import { useProfileUpdates } from "~/components/Realtime";
import { pageShouldRefresh } from "~/lib/realtime-protocol";
import { normaliseQuery } from "~/lib/search";
import { pageTitle } from "~/lib/seo";
import { getSessionUser } from "~/server/auth.server";
import { searchListings } from "~/server/search.server";
import { ListErrorBoundary, LoadFailed } from "~/components/LoadFailed";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: pageTitle(data?.q ? `Search Results for "${data.q}"` : "Search") },
  { name: "description", content: "Find a listing by name." },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { env } = context.cloudflare;
  const q = normaliseQuery(new URL(request.url).searchParams.get("q"));
  // Blank or whitespace-only text runs no query at all.
  if (!q) return { q: "", results: [], now: Date.now(), failed: false };
  const viewer = await getSessionUser(request, env).catch(() => null);
  try {
    const { results } = await searchListings(env, q, { includeHidden: Boolean(viewer?.isAdmin) });
    return { q, results, now: Date.now(), failed: false };
  } catch (error) {
    // Spec public §8: a failed list is logged and shown empty; the page offers to try again.
    console.error("search failed", error);
    return { q, results: [], now: Date.now(), failed: true };
  }
}

export default function Search() {
  const { q, results, now, failed } = useLoaderData<typeof loader>();
  const location = useLocation();
  const revalidator = useRevalidator();
  // Only a change to a listing shown here, or one newly public that might match, reloads the results.
  useProfileUpdates((event) => {
    if (pageShouldRefresh(event, { ids: new Set(results.map((r) => r.modelId)), region: null }))
      revalidator.revalidate();
  });
  return (
    <div className="mx-auto max-w-7xl space-y-5 px-3 py-5 sm:px-6">
      <h1 className="text-2xl font-bold sm:text-3xl">Search Results for "{q}"</h1>
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
        <div className={GRID_CLASSES} data-testid="search-results">
          {results.map((card) => (
            <ListingCard key={card.modelId} card={card} now={now} href={`/profile/${card.modelId}`} />
          ))}
        </div>
      )}
    </div>
  );
}

export const ErrorBoundary = () => <ListErrorBoundary heading="Search Results" what="The search results" />;
