// Touring on the profile (docs/touring.md): where the provider is away to today, and the stops to come.
import { nzDate } from "~/platform/time/nz-time";
import { currentStop, onTourLine, touringBadge, upcomingStops } from "~/core/tour-stops";
import type { TourStop } from "~/core/tour-stops";

/** 'On tour in Wellington until 5 Dec', while a stop runs on the page's NZ date. */
export function OnTourLine({ tours, now }: { tours: readonly TourStop[]; now: number }) {
  const stop = currentStop(tours, nzDate(now));
  if (!stop) return null;
  return (
    <span className="rounded-full bg-violet-950 px-2 text-xs text-violet-200" data-testid="on-tour">
      {onTourLine(stop)}
    </span>
  );
}

/** The stops not yet over, soonest first, or nothing. */
export function TourList({ tours, now }: { tours: readonly TourStop[]; now: number }) {
  const stops = upcomingStops(tours, nzDate(now));
  if (!stops.length) return null;
  return (
    <ul className="space-y-1 text-sm" data-testid="tour-stops">
      {stops.map((s) => (
        <li key={`${s.region}/${s.start}`}>
          <span className="font-medium">{touringBadge(s)}</span>
          {s.suburb ? <span className="text-muted"> · {s.suburb}</span> : null}
        </li>
      ))}
    </ul>
  );
}
