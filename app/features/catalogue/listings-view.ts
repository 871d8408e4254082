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
  grid: GridPage;
  counts: Record<Region, number>;
  total: number;
  options: FilterOptions;
  nearYou: ListingCardData[];
  now: number;
  admin: boolean;
  loadFailed: boolean;
  /** Some part failed and is shown empty or left out: the page is not kept by the page cache. */
  incomplete: boolean;
  emptyMessage: string | null;
};
