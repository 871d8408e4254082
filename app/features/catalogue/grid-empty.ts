// Which of the spec's four empty messages a grid shows.
export type GridEmptyInput = {
  /** Live listings in the region (or all of New Zealand), before filters. */
  liveTotal: number;
  filtered: boolean;
  /** Listings the view matched on this page, with or without photos. */
  matched: number;
  /** Of those, how many have a primary image. */
  withImages: number;
};

export function gridEmptyMessage(g: GridEmptyInput): string | null {
  if (g.withImages > 0) return null;
  if (g.liveTotal === 0) return "No models available";
  if (g.matched === 0) return g.filtered ? "No models found matching your criteria." : "No models available";
  return g.filtered
    ? "Models found, but no primary images could be determined."
    : "No models with primary images found";
}
