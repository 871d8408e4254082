// The published alerts for the provider's regions (their listing's, and their tour stops' from 14 days
// before each starts until it ends).
import { TOUR_AHEAD_DAYS } from "../retention";
import { SECTION } from "./safety-net-views";
import type { AlertView } from "./safety-net-views";

export function RegionAlerts({ regions, alerts }: { regions: string[]; alerts: AlertView[] }) {
  return (
    <section aria-labelledby="alerts-heading" className={SECTION}>
      <h2 id="alerts-heading" className="text-xl font-semibold">
        Alerts for {regions.join(", ") || "your regions"}
      </h2>
      <p className="text-sm text-zinc-300">
        For your listing&apos;s region and the regions of your tour stops, from {TOUR_AHEAD_DAYS} days before each
        starts, newest first. Alerts expire after 12 months.
      </p>
      {alerts.length === 0 ? (
        <p className="text-muted">No alerts for your regions.</p>
      ) : (
        <ul className="space-y-3" aria-label="Alerts">
          {alerts.map((a) => (
            <li key={a.id} className="rounded-lg border border-line bg-ink p-3" data-testid="safety-alert">
              <p className="font-semibold">{a.categoryLabel}</p>
              <p className="text-sm text-zinc-300">
                {a.region}, {a.monthLabel}
              </p>
              <p className="mt-1 whitespace-pre-wrap break-words">{a.text}</p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
