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
