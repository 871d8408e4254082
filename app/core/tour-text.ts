// How a tour stop reads on a card and a profile. Apart from tour-stops.ts (the editor's checks, which bring
// the suburb lists): listing cards, on every public page, need these lines alone.
import type { Region } from "~/core/regions";
import { shortDate, shortDateRange } from "~/platform/time/short-dates";

export type TourStop = { region: Region; suburb: string | null; start: string; end: string };

/** The card badge in the region toured: 'Touring · Wellington 3–5 Dec'. */
export function touringBadge(stop: TourStop): string {
  return `Touring · ${stop.region} ${shortDateRange(stop.start, stop.end)}`;
}

/** The line in the home region while away: 'On tour in Wellington until 5 Dec'. */
export function onTourLine(stop: TourStop): string {
  return `On tour in ${stop.region} until ${shortDate(stop.end)}`;
}

/**
 * A card's tour line: in the region toured (`here`), the badge; anywhere else, where the listing is away from.
 */
export type CardTour = { region: Region; start: string; end: string; here: boolean };

export function cardTourText(tour: CardTour): string {
  const stop = { region: tour.region, suburb: null, start: tour.start, end: tour.end };
  return tour.here ? touringBadge(stop) : onTourLine(stop);
}
