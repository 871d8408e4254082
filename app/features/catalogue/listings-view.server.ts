import type { AppLoadContext } from "@remix-run/cloudflare";
import { filtersToSearch, hasActiveFilters, parseFilters, parsePage } from "./filters";
import { gridSlot, parseSlotParam, SLOT_PARAM } from "./grid-slot";
import { rotationSlot } from "~/features/insights/rotation";
import { gridEmptyMessage } from "./grid-empty";
import type { ListingsView } from "./listings-view";
import type { Region } from "~/core/regions";
import type { ListingCardData } from "~/core/listing-card";
import { regionForCity } from "~/core/suburbs";
import { getSessionUser, withSessionLookup } from "~/features/accounts/auth.server";
import type { SessionLookupStatement } from "~/features/accounts/auth.server";
import { getDb, keptStatement } from "~/platform/data/db.server";
import { emptyFacets, keptFacetsSelect, keptTouringCountsSelect, loadFacets, toFacets } from "./facets.server";
import type { Facets } from "./facets.server";
import {
  keptGridPageSelect,
  keptNearYouSelects,
  loadGridPage,
  loadNearYou,
  toGridPage,
  toNearYou,
} from "./grid.server";
import type { GridOptions, GridPage } from "./grid.server";
import type { DbEnv } from "~/platform/data/db.server";
import { gridCountQuery, keptGridCountSelect, toGridCount } from "./grid-count.server";
import {
  keptFacetOptionsSelects,
  keptVerifiedPhotosCountSelect,
  loadFacetOptions,
  toFilterOptions,
} from "./grid/filter-options.server";

type Parts = {
  grid: { ok: true; value: GridPage } | { ok: false };
  /** Every listing the filters match, across pages; null without filters or when it could not be read. */
  filteredCount: number | null;
  facets: Facets;
  nearYou: ListingCardData[];
};

type Fail = <T>(what: string, error: unknown, fallback: T) => T;

type SessionRows = ReturnType<SessionLookupStatement["rows"]>;

/**
 * The public grid page, the counts, the near-you cards and (when given) the session lookup in one D1 round
 * trip, each query's build kept from earlier requests (keptSelect). Should that fail, each part is read again
 * on its own, so that each fails on its own (spec public §8): a failed list is shown empty with a retry,
 * failed counts show none, a failed near-you lookup hides that section; the session is then looked up on its
 * own (rows null).
 */
async function loadParts(
  env: DbEnv,
  grid: GridOptions,
  city: string | null,
  fail: Fail,
  session: SessionLookupStatement | null,
): Promise<{ rows: SessionRows | null; value: Parts }> {
  const place = grid.region ? null : regionForCity(city);
  try {
    const gridSelect = keptGridPageSelect(grid);
    const facetsSelect = keptFacetsSelect(grid.region);
    const touringSelect = keptTouringCountsSelect(grid.now);
    const near = place ? keptNearYouSelects(place) : null;
    const nearSelects = near ? [near.inRegion, ...(near.inSuburb ? [near.inSuburb] : [])] : [];
    const filtered = hasActiveFilters(grid.filters);
    const countSelect = filtered ? keptGridCountSelect(grid) : null;
    // Under a filter, the options the other filters leave (grid/filter-options.server.ts), in the same batch.
    const optionSelects = filtered ? keptFacetOptionsSelects(grid) : [];
    // and the 'Verified photos' chip's count under the other filters.
    const photosSelect = filtered ? keptVerifiedPhotosCountSelect(grid) : null;
    const countAt = 3 + nearSelects.length;
    const optionsAt = countAt + (countSelect ? 1 : 0);
    const photosAt = optionsAt + optionSelects.length;
    const selects = [
      gridSelect,
      facetsSelect,
      touringSelect,
      ...nearSelects,
      ...(countSelect ? [countSelect] : []),
      ...optionSelects,
      ...(photosSelect ? [photosSelect] : []),
    ];
    // One batch; the results come back in the order of the statements.
    const results = await env.DB.batch([
      ...selects.map((select) => keptStatement(env.DB, select)),
      ...(session ? [session.statement] : []),
    ]);
    const [regionRows, suburbRows] = nearSelects.map((select, i) => select.rows(results[3 + i]));
    const facets = toFacets(facetsSelect.rows(results[1]), touringSelect.rows(results[2]), grid.region);
    const optionRows = optionSelects.map((select, i) => select.rows(results[optionsAt + i]));
    return {
      rows: session ? session.rows(results[selects.length]) : null,
      value: {
        grid: { ok: true, value: toGridPage(gridSelect.rows(results[0]), grid) },
        facets: photosSelect
          ? {
              ...facets,
              options: toFilterOptions(optionRows, grid.filters, toGridCount(photosSelect.rows(results[photosAt]))),
            }
          : facets,
        nearYou: near ? toNearYou(near.inSuburb ? (suburbRows ?? []) : [], regionRows ?? []) : [],
        filteredCount: countSelect ? toGridCount(countSelect.rows(results[countAt])) : null,
      },
    };
  } catch {
    const [gridResult, facets, nearYou, filteredCount] = await Promise.all([
      loadGridPage(env, grid).then(
        (value) => ({ ok: true as const, value }),
        (error: unknown) => fail("listing list", error, { ok: false as const }),
      ),
      loadFacets(env, grid.region, grid.now)
        .then(async (facets) => {
          if (!hasActiveFilters(grid.filters)) return facets;
          const { rows, verifiedPhotos } = await loadFacetOptions(getDb(env), grid);
          return { ...facets, options: toFilterOptions(rows, grid.filters, verifiedPhotos) };
        })
        .catch((error: unknown) => fail("region counts and filter options", error, emptyFacets())),
      place ? loadNearYou(env, city).catch((error: unknown) => fail("escorts near you", error, [])) : [],
      loadFilteredCount(env, grid).catch((error: unknown) => fail("filtered count", error, null)),
    ]);
    return { rows: null, value: { grid: gridResult, facets, nearYou, filteredCount } };
  }
}

/**
 * A visitor's first page that shows no card: how many live listings the view matched without a cover photo,
 * which the page never shows (grid/conditions.server.ts) but the spec's empty messages tell apart. Read only
 * then: an empty page is rare, and the query is the filtered count's.
 */
async function matchedWithoutCover(env: DbEnv, opts: GridOptions, grid: GridPage, liveTotal: number): Promise<number> {
  if (opts.includeHidden || opts.page !== 1 || grid.cards.length > 0 || liveTotal === 0) return 0;
  return toGridCount(await gridCountQuery(getDb(env), { ...opts, coverless: true }));
}

async function loadFilteredCount(env: DbEnv, opts: GridOptions): Promise<number | null> {
  return hasActiveFilters(opts.filters) ? toGridCount(await gridCountQuery(getDb(env), opts)) : null;
}

/**
 * Everything the home and region screens show. The public parts are read at once, beside the session lookup
 * (which the root loader has usually started already); an administrator then gets the admin grid (spec
 * public §2, §4): every listing, live or not, flagged `admin` for the badges and action menus. The region
 * counts and filter options stay live counts for everyone.
 */
export async function loadListingsView(
  context: AppLoadContext,
  request: Request,
  region: Region | null,
): Promise<ListingsView> {
  const { env } = context.cloudflare;
  const url = new URL(request.url);
  const filters = parseFilters(url.searchParams);
  const page = parsePage(url.searchParams.get("page"));
  const now = Date.now();
  // Only the home page has near-you cards; a region page never reads cf (parsing it is not free).
  const cf = region ? null : context.cloudflare.cf;
  const city = typeof cf?.city === "string" ? cf.city : null;
  // The page itself always renders: each part that fails is logged and shown empty.
  let incomplete = false;
  const fail: Fail = (what, error, fallback) => {
    incomplete = true;
    console.error(`listings view: ${what} failed to load`, error);
    return fallback;
  };
  // A page past the first (a 'More listings' link) is read in the slot its first page was; a slot that is
  // not a number is ignored here as a bad page number is (the JSON API refuses it).
  const asked = parseSlotParam(url.searchParams.get(SLOT_PARAM));
  const slot = gridSlot(asked === "invalid" ? null : asked, rotationSlot(now));
  const gridOptions: GridOptions = { region, filters, page, now, slot };
  // The session lookup rides in the lists' batch (the root loader shares it): one D1 round trip.
  const parts = await withSessionLookup(request, env, context, (session) =>
    loadParts(env, gridOptions, city, fail, session),
  );
  // A failed session lookup shows the public grid, never an error page (the root loader does the same).
  const viewer = await getSessionUser(request, env, context).catch(() => null);
  const admin = viewer?.isAdmin === true;
  const gridResult = admin
    ? await loadGridPage(env, { ...gridOptions, includeHidden: true }).then(
        (value) => ({ ok: true as const, value }),
        (error: unknown) => fail("listing list", error, { ok: false as const }),
      )
    : parts.grid;
  const { facets } = parts;
  const loadFailed = !gridResult.ok;
  const grid = gridResult.ok ? gridResult.value : { cards: [], page, hasMore: false, matched: 0, slot };
  const filtered = hasActiveFilters(filters);
  const filteredCount = admin
    ? await loadFilteredCount(env, { ...gridOptions, includeHidden: true }).catch((error: unknown) =>
        fail("filtered count", error, null),
      )
    : parts.filteredCount;
  // The admin grid is not limited to live listings: what it matched is what there is.
  const liveTotal = Math.max(admin ? grid.matched : 0, region ? facets.counts[region] : facets.total);
  const coverless = loadFailed
    ? 0
    : await matchedWithoutCover(env, { ...gridOptions, includeHidden: admin }, grid, liveTotal).catch(
        (error: unknown) => fail("listings without a cover", error, 0),
      );
  return {
    region,
    filters,
    search: filtersToSearch(filters),
    grid,
    counts: facets.counts,
    total: facets.total,
    options: facets.options,
    // Near-you cards are not filtered: under a filter they would read as results that ignore it.
    nearYou: filtered ? [] : parts.nearYou,
    filteredCount: loadFailed ? null : filteredCount,
    now,
    admin,
    loadFailed,
    incomplete: incomplete || loadFailed,
    emptyMessage: gridEmptyMessage({
      liveTotal,
      filtered,
      matched: grid.matched + coverless,
      withImages: grid.cards.length,
    }),
  };
}

export type { ListingsView } from "./listings-view";
