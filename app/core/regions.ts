// The seven regions used everywhere (grid, editor, counts). Their suburbs are in suburbs.ts: public pages
// need the regions alone, so the suburb lists stay out of their JavaScript.
export const REGIONS = [
  "Auckland",
  "Wellington",
  "Central North Island",
  "Hamilton",
  "Tauranga",
  "Christchurch",
  "South Island",
] as const;

export type Region = (typeof REGIONS)[number];

/** Finds a region from a URL segment or form value, ignoring case, spaces and dashes. */
export function parseRegion(value: string | null | undefined): Region | null {
  if (!value) return null;
  const wanted = normalisePlace(value);
  return REGIONS.find((r) => normalisePlace(r) === wanted) ?? null;
}

/**
 * A region's count includes the listings touring there today (docs/touring.md), so the regions add up to more
 * than 'All New Zealand' (each listing once, in its home region) while anyone is touring.
 */
export const TOURING_COUNTS_NOTE =
  "A region's count includes listings touring there today, so the regions add up to more than All New Zealand.";

export function countsIncludeTouring(counts: Record<Region, number>, total: number): boolean {
  return REGIONS.reduce((sum, r) => sum + counts[r], 0) > total;
}

export function regionPath(region: Region): string {
  return `/locations/${encodeURIComponent(region)}`;
}

/** A place name as compared: decoded, lower case, without spaces, dashes or underscores. */
export function normalisePlace(value: string): string {
  let decoded = value;
  try {
    decoded = decodeURIComponent(value);
  } catch {
    // A malformed escape is compared as typed.
  }
  return decoded.toLowerCase().replace(/[\s_-]+/g, "");
}
