import type { AppLoadContext } from "@remix-run/cloudflare";
import { hasActiveFilters, parseFilters, parsePage } from "~/lib/filters";
import { gridEmptyMessage } from "~/lib/grid-empty";
import type { Region } from "~/lib/regions";
import { loadFacets } from "./facets.server";
import { loadGridPage, loadNearYou } from "./grid.server";

/** Everything the home and region screens show, read in parallel. */
export async function loadListingsView(context: AppLoadContext, request: Request, region: Region | null) {
  const { env, cf } = context.cloudflare;
  const url = new URL(request.url);
  const filters = parseFilters(url.searchParams);
  const page = parsePage(url.searchParams.get("page"));
  const now = Date.now();
  const city = typeof cf?.city === "string" ? cf.city : null;
  const [grid, facets, nearYou] = await Promise.all([
    loadGridPage(env, { region, filters, page, now }),
    loadFacets(env, region),
    region ? Promise.resolve([]) : loadNearYou(env, city),
  ]);
  const filtered = hasActiveFilters(filters);
  return {
    region,
    filters,
    grid,
    counts: facets.counts,
    total: facets.total,
    options: facets.options,
    nearYou,
    now,
    emptyMessage: gridEmptyMessage({
      liveTotal: region ? facets.counts[region] : facets.total,
      filtered,
      matched: grid.matched,
      withImages: grid.cards.length,
    }),
  };
}

export type ListingsView = Awaited<ReturnType<typeof loadListingsView>>;
