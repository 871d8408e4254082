// Which anonymous requests the page cache may answer, and under which key (docs/decisions/0012-page-cache.md).
// Pure: the Worker's page-cache module reads the versions and talks to the Cache API.
//
// A key holds only what the page reads, validated and in a fixed order, so a cache-busting query string
// cannot multiply entries: a parameter the page ignores is dropped when it is a known tracker (utm_*, fbclid,
// …), and any other unknown parameter makes the request uncached (rendered fresh, never stored) rather than
// dropped, so a parameter some later change teaches a page to read can never be answered from the wrong copy.
import { AGE_RANGES, DISPLAY_MODES, HEIGHT_RANGES, parsePage } from "./filters";
import { gridSlot, parseSlotParam, SLOT_PARAM } from "./grid-slot";
import { rotationSlot } from "~/features/insights/rotation";
import { isId } from "~/platform/data/ids";
import { BODY_TYPES, NATIONALITIES } from "~/core/listing-options";
import { decodeCursor, DEFAULT_LIST_LIMIT, encodeCursor, parseListLimit } from "./public-api";
import { parseRegion, regionPath } from "~/core/regions";
import { regionForCity } from "~/core/suburbs";
import { normaliseQuery } from "~/features/search/search";
import { SLUG_PATTERN } from "~/features/agencies/agency";

export type PageKind = "home" | "region" | "view" | "agency" | "search" | "info" | "api-grid" | "api-lp" | "api-model";

/** The public set of listings (see 0026_page_cache_versions.sql). */
export const PUBLIC_SCOPE = "public";
export const listingScope = (id: string) => `listing:${id}`;
/** Every agency's details and every worker's consent (see 0073_agency_pages.sql). */
export const AGENCIES_SCOPE = "agencies";

export type CachePlan = {
  kind: PageKind;
  /** Path and canonical query: what the page is rendered from, e.g. "/locations/Auckland?age=18-24&page=2". */
  path: string;
  /** Version scopes whose numbers go into the key. */
  scopes: string[];
  /** The listing a /view or /api/model page is about. */
  listingId: string | null;
  /** How long a copy may be served: the bound on changes no version covers (counts, "active now", time). */
  ttlSeconds: number;
  /** True for HTML (nonce rewritten on a hit); false for JSON. */
  html: boolean;
  /**
   * The grids (home and region pages): a signed-in person gets the public copy with their header put in
   * (docs/decisions/0070), as nothing else on them is theirs (an administrator's grid is rendered).
   */
  includesSignedIn: boolean;
};

/** Listing pages: they show counts and time-dependent badges that no write bumps. */
export const LISTING_TTL_SECONDS = 60;
/** Info pages: nothing in them comes from the database; a deploy changes the key (build version). */
export const INFO_TTL_SECONDS = 600;
/** Grid pages past this are rare and cheap to render, and would only spread the cache thin. */
export const MAX_CACHED_PAGE = 50;

export const INFO_PATHS = ["/about", "/contact", "/faq", "/privacy", "/terms"] as const;

const TRACKING = /^(utm_[a-z_]+|fbclid|gclid|dclid|msclkid|mc_cid|mc_eid|_ga|_gl|ref)$/;

type Params = [name: string, value: string][];

/**
 * Null: do not cache (an unknown parameter, a value the page would refuse or that is not worth a key). `now`
 * for the grids, whose later pages keep a rotation slot only while it is recent.
 */
type Reader = (params: URLSearchParams, now: number) => Params | null;
type PlainReader = (params: URLSearchParams) => Params | null;

function only(allowed: readonly string[], params: URLSearchParams): boolean {
  for (const name of params.keys()) if (!allowed.includes(name) && !TRACKING.test(name)) return false;
  return true;
}

/** The grid filters as parseFilters reads them: the first value of each, invalid ones dropped as it drops them. */
function filterParams(params: URLSearchParams): Params | null {
  const out: Params = [];
  const age = AGE_RANGES.find((r) => r.value === params.get("age"));
  if (age) out.push(["age", age.value]);
  const height = HEIGHT_RANGES.find((r) => r.value === params.get("height"));
  if (height) out.push(["height", height.value]);
  // Free text to the page (any value filters): only the values a listing can hold get a key.
  for (const [name, values] of [
    ["nationality", NATIONALITIES],
    ["body", BODY_TYPES],
  ] as const) {
    const raw = params.get(name)?.trim();
    if (!raw) continue;
    if (!(values as readonly string[]).includes(raw)) return null;
    out.push([name, raw]);
  }
  const show = DISPLAY_MODES.find((m) => m.value === params.get("show"))?.value;
  if (show && show !== "all") out.push(["show", show]);
  // Today's NZ weekday changes at midnight with no write: like 'Active Now', within the pages' 60 s lifetime.
  if (params.get("available") === "today") out.push(["available", "today"]);
  return out;
}

function pageParam(params: URLSearchParams, name: string): Params | null {
  const page = parsePage(params.get(name));
  if (page > MAX_CACHED_PAGE) return null;
  return page === 1 ? [] : [[name, String(page)]];
}

/**
 * The rotation slot a later page is read in (grid-slot.ts): kept while the page honours it, dropped once it
 * does not (too old, or still to come: the page is then read in the current slot, as without one), so the
 * copies of a page are at most one per recent slot. Not a number: not kept (the JSON API refuses it).
 */
function slotParam(params: URLSearchParams, now: number): Params | null {
  const asked = parseSlotParam(params.get(SLOT_PARAM));
  if (asked === "invalid") return null;
  if (asked === null || gridSlot(asked, rotationSlot(now)) !== asked) return [];
  return [[SLOT_PARAM, String(asked)]];
}

const GRID_PARAMS = ["age", "height", "nationality", "body", "show", "available", "page", SLOT_PARAM];

const gridPage: Reader = (params, now) => {
  if (!only(GRID_PARAMS, params)) return null;
  const filters = filterParams(params);
  const page = pageParam(params, "page");
  const slot = slotParam(params, now);
  return filters && page && slot ? [...filters, ...page, ...slot] : null;
};

const apiGrid: Reader = (params, now) => {
  if (!only(["region", ...GRID_PARAMS, "pages"], params)) return null;
  const out: Params = [];
  const rawRegion = params.get("region");
  if (rawRegion) {
    const region = parseRegion(rawRegion);
    // An unknown region is a 400: nothing to keep.
    if (!region) return null;
    out.push(["region", region]);
  }
  const filters = filterParams(params);
  const page = pageParam(params, "page");
  const pages = pageParam(params, "pages");
  const slot = slotParam(params, now);
  return filters && page && pages && slot ? [...out, ...filters, ...page, ...pages, ...slot] : null;
};

const apiLiveProfiles: PlainReader = (params) => {
  if (!only(["limit", "cursor"], params)) return null;
  const out: Params = [];
  const limit = parseListLimit(params.get("limit"));
  if (limit === null) return null;
  if (limit !== DEFAULT_LIST_LIMIT) out.push(["limit", String(limit)]);
  const raw = params.get("cursor");
  if (raw) {
    const cursor = decodeCursor(raw);
    // Only the one spelling we issue: any other is a 400 or a second key for the same page.
    if (!cursor || encodeCursor(cursor) !== raw) return null;
    out.push(["cursor", raw]);
  }
  return out;
};

const search: PlainReader = (params) => {
  // A continued result list (?after=) is a no-JavaScript fallback: not worth a key per cursor.
  if (!only(["q"], params)) return null;
  const q = normaliseQuery(params.get("q"));
  return q ? [["q", q]] : [];
};

const none: PlainReader = (params) => (only([], params) ? [] : null);

function withQuery(pathname: string, params: Params): string {
  return params.length ? `${pathname}?${new URLSearchParams(params).toString()}` : pathname;
}

function plan(
  kind: PageKind,
  pathname: string,
  params: Params | null,
  scopes: string[],
  listingId: string | null = null,
): CachePlan | null {
  if (!params) return null;
  return {
    kind,
    path: withQuery(pathname, params),
    scopes,
    listingId,
    ttlSeconds: kind === "info" ? INFO_TTL_SECONDS : LISTING_TTL_SECONDS,
    html: !kind.startsWith("api-"),
    includesSignedIn: kind === "home" || kind === "region",
  };
}

/**
 * The cache plan for a GET of `url` by a visitor who is not signed in at `now`, or null when the request must
 * be rendered fresh and not stored. The caller checks the method and the session cookie first.
 */
export function planPageCache(url: URL, now: number): CachePlan | null {
  const { pathname, searchParams: params } = url;
  if (pathname === "/") return plan("home", pathname, gridPage(params, now), [PUBLIC_SCOPE]);
  if (pathname.startsWith("/locations/")) {
    const region = parseRegion(safeDecode(pathname.slice("/locations/".length)));
    // Another spelling is a redirect to the canonical path: only that path is a page.
    if (!region || regionPath(region) !== pathname) return null;
    return plan("region", pathname, gridPage(params, now), [PUBLIC_SCOPE]);
  }
  if (pathname.startsWith("/view/")) {
    const id = pathname.slice("/view/".length);
    if (!isId(id)) return null;
    // The page also shows other listings (suggestions): the public set keys it too.
    return plan("view", pathname, none(params), [PUBLIC_SCOPE, listingScope(id)], id);
  }
  if (pathname.startsWith("/agencies/")) {
    const slug = pathname.slice("/agencies/".length);
    // Only a well-formed slug can be a page (docs/decisions/0059-agency-page.md); anything else is a 404.
    if (!SLUG_PATTERN.test(slug)) return null;
    return plan("agency", pathname, none(params), [PUBLIC_SCOPE, AGENCIES_SCOPE]);
  }
  if (pathname === "/search") return plan("search", pathname, search(params), [PUBLIC_SCOPE]);
  if ((INFO_PATHS as readonly string[]).includes(pathname)) return plan("info", pathname, none(params), []);
  if (pathname === "/api/grid") return plan("api-grid", pathname, apiGrid(params, now), [PUBLIC_SCOPE]);
  if (pathname === "/api/LPmodels") return plan("api-lp", pathname, apiLiveProfiles(params), [PUBLIC_SCOPE]);
  if (pathname.startsWith("/api/model/")) {
    const id = pathname.slice("/api/model/".length);
    if (!isId(id)) return null;
    return plan("api-model", pathname, none(params), [listingScope(id)], id);
  }
  return null;
}

function safeDecode(value: string): string | null {
  try {
    return decodeURIComponent(value);
  } catch {
    return null;
  }
}

/**
 * What else changes the page: the age gate (shown or not), on the home page the visitor's city, and today's
 * NZ date (YYYY-MM-DD). A tour stop begins and ends at NZ midnight with no write to bump a version, so the
 * date in the key makes every listing page a new copy at midnight, exactly when stops change.
 */
export type CacheVariant = {
  ageVerified: boolean;
  city: string | null;
  today: string;
  /** The grid's 10-minute rotation slot (docs/decisions/0024): the grids' order turns with it. */
  slot?: number;
};

/** The pages whose cards come in the grid's rotated order. */
const ROTATING: ReadonlySet<PageKind> = new Set(["home", "region", "api-grid"]);

/** The home page's "Escorts Near You" depends on the place the city maps to: a bounded set, not the city. */
export function nearYouVariant(kind: PageKind, city: string | null): string {
  if (kind !== "home") return "";
  const place = regionForCity(city);
  return place ? `${place.region}/${place.suburb ?? ""}` : "";
}

/**
 * The Cache API key: the page's origin and canonical path, then the variant, the build and the versions.
 * `versions` are in the plan's scope order.
 */
export function pageCacheKey(
  origin: string,
  cachePlan: CachePlan,
  variant: CacheVariant,
  build: string,
  versions: number[],
): string {
  // Written out rather than through URLSearchParams, which cost a tenth of a cache hit's CPU. Only the place
  // and the build can hold characters a query string must escape.
  const near = encodeURIComponent(nearYouVariant(cachePlan.kind, variant.city));
  // Info pages read nothing from the database: one copy serves every day.
  const day = cachePlan.kind === "info" ? "" : variant.today;
  const rotation = variant.slot !== undefined && ROTATING.has(cachePlan.kind) ? `&_rot=${variant.slot}` : "";
  const sep = cachePlan.path.includes("?") ? "&" : "?";
  return (
    `${origin}${cachePlan.path}${sep}_age=${variant.ageVerified ? "1" : "0"}&_near=${near}&_day=${day}${rotation}` +
    `&_build=${encodeURIComponent(build)}&_v=${versions.join(".")}`
  );
}
