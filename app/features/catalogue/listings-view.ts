// The shapes the listing screens render. They live here, not beside the loaders that fill them, because
// components import them and components never import server modules.
import type { Filters } from "./filters";
import type { ListingCardData } from "~/core/listing-card";
import type { Region } from "~/core/regions";

export type FilterOptions = {
  age: string[];
  height: string[];
  nationality: string[];
  bodyType: string[];
  /** Live listings here whose cover photo is verified: the 'Verified photos' filter's count. */
  verifiedPhotos: number;
};

export type GridPage = {
  cards: ListingCardData[];
  page: number;
  hasMore: boolean;
  matched: number;
  /**
   * The rotation slot the order is of (grid-slot.ts): the later pages of this grid are asked for in it. Null
   * for the administrators' grid, whose order does not turn.
   */
  slot: number | null;
};

export type ListingsView = {
  region: Region | null;
  filters: Filters;
  /**
   * The filters as a query string (filtersToSearch), made by the loader: the page's own code needs nothing
   * else of filters.ts, which loads with the filter bar (docs/decisions/0042-islands-woken-by-input.md).
   */
  search: string;
  grid: GridPage;
  counts: Record<Region, number>;
  total: number;
  options: FilterOptions;
  nearYou: ListingCardData[];
  /** With a filter on, every listing it matches across pages (the line by the chips); else null. */
  filteredCount: number | null;
  now: number;
  admin: boolean;
  loadFailed: boolean;
  /** Some part failed and is shown empty or left out: the page is not kept by the page cache. */
  incomplete: boolean;
  emptyMessage: string | null;
};
