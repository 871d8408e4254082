// Where profile views come from, by New Zealand region, and how small numbers are shown. Only aggregates are
// stored (one count per listing per day per region, docs/decisions/0032-region-breakdown.md):
// the region is read from the request when a view is counted and travels with the view to the queue's
// consumer, which adds it to the day's count and keeps nothing per visitor. The page shows them under the
// site's own seven regions (SITE_REGION_OF), the names the provider chose their listing's region from.
import type { Region } from "~/core/regions";

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

/**
 * The site's region each ISO region is shown under: the nearest of the seven where a region is not one of
 * them (Northland under Auckland, the Chatham Islands under Christchurch), the whole of Waikato under Hamilton
 * and of Bay of Plenty under Tauranga. Kept as stored (ISO codes): only the page groups them.
 */
export const SITE_REGION_OF: Record<string, Region> = {
  NTL: "Auckland",
  AUK: "Auckland",
  WKO: "Hamilton",
  BOP: "Tauranga",
  GIS: "Central North Island",
  HKB: "Central North Island",
  TKI: "Central North Island",
  MWT: "Central North Island",
  WGN: "Wellington",
  TAS: "South Island",
  NSN: "South Island",
  MBH: "South Island",
  WTC: "South Island",
  CAN: "Christchurch",
  CIT: "Christchurch",
  OTA: "South Island",
  STL: "South Island",
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

/**
 * The breakdown's rows: the views summed by the site's region (SITE_REGION_OF), then masked (a sum, so a
 * region is masked only when all its parts together are small), most views first, by name within a tie,
 * 'outside' and 'unknown' last.
 */
export function regionRows(rows: RegionViews[]): { region: string; name: string; shown: string }[] {
  const rank = (r: string) => (r === UNKNOWN ? 2 : r === ABROAD ? 1 : 0);
  const summed = new Map<string, number>();
  for (const r of rows) {
    const shownAs = SITE_REGION_OF[r.region] ?? (r.region === ABROAD ? ABROAD : UNKNOWN);
    summed.set(shownAs, (summed.get(shownAs) ?? 0) + r.views);
  }
  const name = (region: string) => (region === ABROAD || region === UNKNOWN ? regionName(region) : region);
  return [...summed]
    .filter(([, views]) => views > 0)
    .sort(([a, av], [b, bv]) => rank(a) - rank(b) || bv - av || name(a).localeCompare(name(b)))
    .map(([region, views]) => ({ region, name: name(region), shown: maskedCount(views) }));
}
