// 90 days of plausible insights for the demo providers' listings, so `npm start` shows a full insights page
// (docs/demo-data.md): daily impressions with a weekly rhythm and a slow rise, views at 6–14% of them,
// contacts, likes and favourites from views, per-photo counts for the listing's photos, and profile views by
// visitor region (mostly the listing's own region, some neighbours, a few from abroad).
import { countDay } from "../../app/platform/http/client-address";
import { addDays } from "../../app/platform/time/nz-time";
import type { Row } from "./generate";
import { createRng } from "./random";

export const DEMO_INSIGHT_DAYS = 90;
/** Where a listing's other visitors mostly come from: the regions next to its own. */
const NEARBY: Record<string, [string, string]> = {
  AUK: ["WKO", "NTL"],
  WGN: ["MWT", "HKB"],
  MWT: ["WGN", "HKB"],
  WKO: ["AUK", "BOP"],
  BOP: ["WKO", "AUK"],
  CAN: ["OTA", "NSN"],
  OTA: ["CAN", "STL"],
};
/** The site's regions (app/core/regions.ts) to the ISO region most of their visitors are in. */
const CODE_OF_NAME = new Map([
  ["auckland", "AUK"],
  ["wellington", "WGN"],
  ["central north island", "MWT"],
  ["hamilton", "WKO"],
  ["tauranga", "BOP"],
  ["christchurch", "CAN"],
  ["south island", "OTA"],
]);

export type InsightRows = { daily: Row[]; photos: Row[]; regions: Row[] };

/** Rows for `listings` (each with its photos' keys, first the cover), ending today. Deterministic per seed. */
export function demoInsights(
  listings: readonly { id: string; location: string; photos: readonly string[] }[],
  now: number,
  seed: string,
): InsightRows {
  const out: InsightRows = { daily: [], photos: [], regions: [] };
  for (const listing of listings) {
    const rng = createRng(`${seed}:insights:${listing.id}`);
    const base = rng.int(60, 260);
    const home = CODE_OF_NAME.get(listing.location.toLowerCase()) ?? "AUK";
    const neighbours = NEARBY[home] ?? ["WKO", "BOP"];
    for (let ago = DEMO_INSIGHT_DAYS - 1; ago >= 0; ago--) {
      // NZ calendar days back from today: 24-hour steps would skip or repeat a date across a daylight-saving
      // change (decision 0054).
      const day = addDays(countDay(now), -ago);
      const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
      // Busier Thursday to Saturday, and a slow rise over the quarter.
      const rhythm = weekday >= 4 && weekday <= 6 ? 1.35 : 0.9;
      const rise = 0.8 + (0.4 * (DEMO_INSIGHT_DAYS - ago)) / DEMO_INSIGHT_DAYS;
      const impressions = Math.round(base * rhythm * rise * rng.float(0.75, 1.25));
      const views = Math.round(impressions * rng.float(0.06, 0.14));
      const contacts = Math.round(views * rng.float(0.03, 0.12));
      const photoOpens = Math.round(views * rng.float(0.5, 1.5));
      out.daily.push({
        listing_id: listing.id,
        day,
        impressions,
        views,
        photo_opens: photoOpens,
        contacts,
        likes: Math.round(views * rng.float(0, 0.08)),
        favourites: Math.round(views * rng.float(0, 0.05)),
      });
      // The cover is the card's photo; the others are only opened on the profile.
      listing.photos.forEach((photo, i) => {
        const shown = i === 0 ? impressions : 0;
        const opened = Math.round((photoOpens / Math.max(1, listing.photos.length)) * rng.float(0.5, 1.5));
        if (shown || opened) out.photos.push({ listing_id: listing.id, day, photo, shown, opened });
      });
      // Views by region: about 70% home, the rest neighbours, abroad and unknown.
      let left = views;
      const share = (n: number) => {
        const taken = Math.min(left, n);
        left -= taken;
        return taken;
      };
      const split: [string, number][] = [
        [home, share(Math.round(views * rng.float(0.6, 0.8)))],
        ...neighbours.map((c): [string, number] => [c, share(Math.round(views * rng.float(0.05, 0.12)))]),
        ["abroad", share(Math.round(views * rng.float(0, 0.04)))],
      ];
      split.push(["unknown", left]);
      const byRegion = new Map<string, number>();
      for (const [region, n] of split) byRegion.set(region, (byRegion.get(region) ?? 0) + n);
      for (const [region, n] of byRegion) {
        if (n > 0) out.regions.push({ listing_id: listing.id, day, region, views: n });
      }
    }
  }
  return out;
}
