// Grid filters: parsed from and written to the URL, so every view can be linked and works without JavaScript.
export const AGE_RANGES = [
  { value: "18-24", label: "18-24", min: 18, max: 24 },
  { value: "24-28", label: "24-28", min: 24, max: 28 },
  { value: "28-35", label: "28-35", min: 28, max: 35 },
  { value: "35+", label: "35+", min: 35, max: 100 },
] as const;

export const HEIGHT_RANGES = [
  { value: "under-150", label: "Under 150cm", min: 0, max: 149 },
  { value: "150-165", label: "150-165cm", min: 150, max: 165 },
  { value: "165-175", label: "165-175cm", min: 165, max: 175 },
  { value: "175+", label: "175cm+", min: 175, max: 999 },
] as const;

export const DISPLAY_MODES = [
  { value: "all", label: "All Escorts" },
  { value: "hot", label: "Hot" },
  { value: "verified", label: "Verified" },
  { value: "active", label: "Active Now" },
  // Listings on a tour stop today (docs/touring.md); in a region's grid, those touring that region.
  { value: "touring", label: "Touring" },
] as const;

export type DisplayMode = (typeof DISPLAY_MODES)[number]["value"];

/**
 * What 'Verified' filters, said beside it when chosen: a listing is public only once its provider's ID is
 * checked (docs/decisions/0029-one-visibility-rule.md), so it keeps every listing. Photos verified are the
 * tick on a card.
 */
export const VERIFIED_TITLE = "Listings whose provider's ID has been checked";
export const VERIFIED_NOTE =
  "Verified: listings whose provider's ID our team has checked. Every listing shown on the site has passed that check, so this shows them all.";
export type Range = { value: string; label: string; min: number; max: number };

export type Filters = {
  age: Range | null;
  height: Range | null;
  nationality: string | null;
  bodyType: string | null;
  show: DisplayMode;
  /** Only listings with weekly hours on today's NZ weekday (docs/dashboard.md); 'Active Now' keeps its own meaning. */
  availableToday: boolean;
  /** Only listings whose cover photo is verified (docs/decisions/0055-each-photo-verified.md). */
  verifiedPhotos: boolean;
};

export const FILTER_PARAMS = ["age", "height", "nationality", "body", "show", "available", "photos"] as const;
type FilterParam = (typeof FILTER_PARAMS)[number];

const MAX_TEXT = 40;

/** Reads filters from URL params; unknown or malformed values are ignored rather than rejected. */
export function parseFilters(params: URLSearchParams): Filters {
  const text = (name: string) => {
    const v = params.get(name)?.trim();
    return v && v.length <= MAX_TEXT ? v : null;
  };
  const show = DISPLAY_MODES.find((m) => m.value === params.get("show"))?.value ?? "all";
  return {
    age: AGE_RANGES.find((r) => r.value === params.get("age")) ?? null,
    height: HEIGHT_RANGES.find((r) => r.value === params.get("height")) ?? null,
    nationality: text("nationality"),
    bodyType: text("body"),
    show,
    availableToday: params.get("available") === "today",
    verifiedPhotos: params.get("photos") === "verified",
  };
}

export function hasActiveFilters(f: Filters): boolean {
  return Boolean(
    f.age || f.height || f.nationality || f.bodyType || f.show !== "all" || f.availableToday || f.verifiedPhotos,
  );
}

function filterValue(f: Filters, param: FilterParam): string | null {
  switch (param) {
    case "age":
      return f.age?.value ?? null;
    case "height":
      return f.height?.value ?? null;
    case "nationality":
      return f.nationality;
    case "body":
      return f.bodyType;
    case "show":
      return f.show === "all" ? null : f.show;
    case "available":
      return f.availableToday ? "today" : null;
    case "photos":
      return f.verifiedPhotos ? "verified" : null;
  }
}

/** Query string for the filters (page dropped: a new filter starts at page 1). */
export function filtersToSearch(f: Filters): string {
  const params = new URLSearchParams();
  for (const p of FILTER_PARAMS) {
    const v = filterValue(f, p);
    if (v) params.set(p, v);
  }
  const s = params.toString();
  return s ? `?${s}` : "";
}

/**
 * The query string after clicking a filter option: clicking the active value clears it,
 * 'All Escorts' clears every filter, anything else sets that filter and keeps the others.
 */
export function toggleFilter(f: Filters, param: FilterParam, value: string): string {
  if (param === "show" && value === "all") return "";
  const params = new URLSearchParams(filtersToSearch(f).slice(1));
  if (filterValue(f, param) === value) params.delete(param);
  else params.set(param, value);
  const s = params.toString();
  return s ? `?${s}` : "";
}

export function isActive(f: Filters, param: FilterParam, value: string): boolean {
  if (param === "show" && value === "all") return !hasActiveFilters(f);
  return filterValue(f, param) === value;
}

/** Page numbers from the URL: anything that is not a sane positive integer means page 1. */
export const MAX_PAGE = 1000;
export function parsePage(value: string | null): number {
  if (!value || !/^\d{1,6}$/.test(value)) return 1;
  const n = Number(value);
  return n >= 1 && n <= MAX_PAGE ? n : 1;
}

export const PAGE_SIZE = 8;
