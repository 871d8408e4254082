// Where profile views come from, by New Zealand region, and how small numbers are shown. Only aggregates are
// stored (one count per listing per day per region, docs/decisions/0032-region-breakdown.md):
// the region is read from the request when a view is counted and travels with the view to the queue's
// consumer, which adds it to the day's count and keeps nothing per visitor.

/** ISO 3166-2:NZ region codes, as Cloudflare gives them in `request.cf.regionCode`, and their names. */
export const NZ_REGIONS: Record<string, string> = {
  NTL: "Northland",
  AUK: "Auckland",
  WKO: "Waikato",
  BOP: "Bay of Plenty",
  GIS: "Gisborne",
  HKB: "Hawke's Bay",
  TKI: "Taranaki",
  MWT: "Manawatū-Whanganui",
  WGN: "Wellington",
  TAS: "Tasman",
  NSN: "Nelson",
  MBH: "Marlborough",
  WTC: "West Coast",
  CAN: "Canterbury",
  OTA: "Otago",
  STL: "Southland",
  CIT: "Chatham Islands",
};

/** A visitor outside New Zealand, and one whose region is not known. */
export const ABROAD = "abroad";
export const UNKNOWN = "unknown";

/** The visitor's region from `request.cf` (country and regionCode): an NZ region code, 'abroad' or 'unknown'. */
export function visitorRegion(cf: unknown): string {
  const c = cf as { country?: unknown; regionCode?: unknown } | null | undefined;
  if (!c || typeof c.country !== "string") return UNKNOWN;
  if (c.country !== "NZ") return ABROAD;
  return typeof c.regionCode === "string" && c.regionCode in NZ_REGIONS ? c.regionCode : UNKNOWN;
}

/** A region as stored, trusted only when it is one of ours (a queue message is not trusted blindly). */
export function storedRegion(value: unknown): string {
  return typeof value === "string" && (value in NZ_REGIONS || value === ABROAD) ? value : UNKNOWN;
}

export function regionName(region: string): string {
  if (region === ABROAD) return "Outside New Zealand";
  return NZ_REGIONS[region] ?? "Unknown";
}

/** Below this a count is not shown as a number: a small number could point at one visitor. */
export const SMALL_COUNT = 5;

/** A count as the page shows it: 'fewer than 5' under 5 (zero included), else the number. */
export function maskedCount(n: number): string {
  return n < SMALL_COUNT ? `fewer than ${SMALL_COUNT}` : String(n);
}

export type RegionViews = { region: string; views: number };

/** The breakdown's rows, most views first, NZ regions by name within a tie, 'outside' and 'unknown' last. */
export function regionRows(rows: RegionViews[]): { region: string; name: string; shown: string }[] {
  const rank = (r: string) => (r === UNKNOWN ? 2 : r === ABROAD ? 1 : 0);
  return rows
    .filter((r) => r.views > 0)
    .sort(
      (a, b) =>
        rank(a.region) - rank(b.region) ||
        b.views - a.views ||
        regionName(a.region).localeCompare(regionName(b.region)),
    )
    .map((r) => ({ region: r.region, name: regionName(r.region), shown: maskedCount(r.views) }));
}
