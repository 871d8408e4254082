import type { AppLoadContext } from "@remix-run/cloudflare";
import { hasActiveFilters, parseFilters, parsePage } from "~/lib/filters";
import { gridEmptyMessage } from "~/lib/grid-empty";
import type { ListingsView } from "~/lib/listings-view";
import type { Region } from "~/lib/regions";
import { getSessionUser } from "./auth.server";
import { emptyFacets, loadFacets } from "./facets.server";
import { loadGridPage, loadNearYou } from "./grid.server";

/**
 * Everything the home and region screens show, read in parallel. An administrator gets the admin grid
 * (spec public §2, §4): every listing, live or not, flagged `admin` for the badges and action menus.
 * The region counts and filter options stay live counts for everyone.
 */
export async function loadListingsView(
  context: AppLoadContext,
  request: Request,
  region: Region | null,
): Promise<ListingsView> {
  const { env, cf } = context.cloudflare;
  const url = new URL(request.url);
  const filters = parseFilters(url.searchParams);
  const page = parsePage(url.searchParams.get("page"));
  const now = Date.now();
  const city = typeof cf?.city === "string" ? cf.city : null;
  // A failed session lookup shows the public grid, never an error page (the root loader does the same).
  const viewer = await getSessionUser(request, env, context).catch(() => null);
  const admin = viewer?.isAdmin === true;
  // Each part fails on its own (spec public §8): a failed list is logged and shown empty with a retry,
  // failed counts show none, a failed near-you lookup hides that section. The page itself always renders.
  let incomplete = false;
  const logged = <T>(what: string, error: unknown, fallback: T): T => {
    incomplete = true;
    console.error(`listings view: ${what} failed to load`, error);
    return fallback;
  };
  const [gridResult, facets, nearYou] = await Promise.all([
    loadGridPage(env, { region, filters, page, now, includeHidden: admin }).then(
      (value) => ({ ok: true as const, value }),
      (error: unknown) => logged("listing list", error, { ok: false as const }),
    ),
    loadFacets(env, region, now).catch((error: unknown) =>
      logged("region counts and filter options", error, emptyFacets()),
    ),
    region
      ? Promise.resolve([])
      : loadNearYou(env, city).catch((error: unknown) => logged("escorts near you", error, [])),
  ]);
  const loadFailed = !gridResult.ok;
  const grid = gridResult.ok ? gridResult.value : { cards: [], page, hasMore: false, matched: 0 };
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
    admin,
    loadFailed,
    incomplete: incomplete || loadFailed,
    emptyMessage: gridEmptyMessage({
      // The admin grid is not limited to live listings: what it matched is what there is.
      liveTotal: Math.max(admin ? grid.matched : 0, region ? facets.counts[region] : facets.total),
      filtered,
      matched: grid.matched,
      withImages: grid.cards.length,
    }),
  };
}

export type { ListingsView } from "~/lib/listings-view";
