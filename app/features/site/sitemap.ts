// robots.txt and the sitemap, as pure functions of their inputs (the routes robots[.]txt and sitemap[.]xml).
// Kept apart from seo.ts, whose meta builders also run in the browser: none of this needs to ship there.
import { REGIONS, regionPath } from "~/core/regions";
import { absoluteUrl } from "./seo";

/** The sitemap protocol's limit for one file. */
export const SITEMAP_MAX_URLS = 50_000;

/** Public pages that are not listings, in the order the sitemap gives them. */
export const INFO_PAGE_PATHS = ["/subscriptions", "/faq", "/about", "/contact", "/terms", "/privacy"] as const;

/** Owner, admin and API paths: nothing there is meant for a search index. */
export const ROBOTS_DISALLOW = ["/dashboard", "/profile", "/admin", "/api"] as const;

export function robotsTxt(origin: string): string {
  const lines = ["User-agent: *", ...ROBOTS_DISALLOW.map((p) => `Disallow: ${p}`), "Allow: /", ""];
  const sitemap = absoluteUrl(origin, "/sitemap.xml");
  if (sitemap) lines.push(`Sitemap: ${sitemap}`);
  return `${lines.join("\n")}\n`;
}

/** Home, the seven regions and the information pages: the sitemap entries that exist without data. */
export function staticSitemapPaths(): string[] {
  return ["/", ...REGIONS.map(regionPath), ...INFO_PAGE_PATHS];
}

export function profilePath(listingId: string): string {
  return `/view/${encodeURIComponent(listingId)}`;
}

/** How many live profiles fit in the one sitemap file beside the static pages. */
export const SITEMAP_PROFILE_CAP = SITEMAP_MAX_URLS - staticSitemapPaths().length;

/** `pagePaths`: other pages that exist by data (the agency pages), listed after the static ones. */
export function sitemapXml(
  origin: string,
  liveListingIds: readonly string[],
  pagePaths: readonly string[] = [],
): string {
  const paths = [
    ...staticSitemapPaths(),
    ...pagePaths,
    ...liveListingIds.slice(0, SITEMAP_PROFILE_CAP - pagePaths.length).map(profilePath),
  ];
  const entries = paths
    .map((path) => absoluteUrl(origin, path))
    .filter((url): url is string => url !== null)
    .map((url) => `  <url><loc>${xmlEscape(url)}</loc></url>`);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...entries,
    "</urlset>",
    "",
  ].join("\n");
}

export function xmlEscape(value: string): string {
  return value
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");
}
