// The insights page's body: tiles for the range's totals, the by-day chart drawn as plain SVG (no chart library:
// docs/decisions/0024-counting-off-the-request-path.md) with its data as a table for screen readers, the CSV
// download and the photos' counts.
import { Form, Link } from "@remix-run/react";
import { RegionBreakdown } from "./RegionBreakdown";
import { axisDates, barPaths, chartBars, formatRate, RANGES } from "~/features/insights/insights";
import type { DayCounts, InsightsView, PhotoCounts, Range, Totals } from "~/features/insights/insights";

const CHART_W = 320;
const CHART_H = 120;

function Tile({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div className="rounded-xl border border-line bg-panel p-3">
      <dt className="text-xs text-muted">{label}</dt>
      <dd className="text-xl font-semibold" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

function Chart({ series }: { series: DayCounts[] }) {
  const { bars, top } = chartBars(series, CHART_W, CHART_H);
  const paths = barPaths(bars, CHART_H);
  return (
    <figure className="space-y-2">
      <svg
        viewBox={`0 0 ${CHART_W} ${CHART_H}`}
        className="h-40 w-full"
        preserveAspectRatio="none"
        aria-hidden="true"
        data-testid="insights-chart"
      >
        <path d={paths.impressions} fill="#52525b" />
        <path d={paths.views} fill="#f472b6" />
      </svg>
      <ChartDates days={series.map((d) => d.day)} />
      <figcaption className="flex flex-wrap gap-x-4 text-xs text-muted">
        <span>
          <span className="mr-1 inline-block h-2 w-2 bg-zinc-600" aria-hidden="true" />
          Impressions
        </span>
        <span>
          <span className="mr-1 inline-block h-2 w-2 bg-pink-400" aria-hidden="true" />
          Profile views
        </span>
        <span>Top of the chart: {top}</span>
      </figcaption>
    </figure>
  );
}

/** The days under the bars (NZ dates): the first and last and a few between, each under its own bar. */
function ChartDates({ days }: { days: string[] }) {
  // Four dates: "28 Nov" four times fits under a phone's chart without touching.
  const dates = axisDates(days, 4);
  return (
    <div className="relative h-4 text-xs text-muted" aria-hidden="true" data-testid="insights-chart-dates">
      {dates.map((d, i) => (
        <span
          key={d.day}
          className="absolute top-0 whitespace-nowrap"
          style={{
            left: `${d.at * 100}%`,
            // The first and last keep inside the chart's edges; the rest sit centred under their bar.
            transform: i === 0 ? "translateX(-25%)" : i === dates.length - 1 ? "translateX(-75%)" : "translateX(-50%)",
          }}
        >
          {d.label}
        </span>
      ))}
    </div>
  );
}

/** ?listing=…&days=…, keeping the listing shown. */
function queryOf(listingId: string, days: number): string {
  return `?${new URLSearchParams({ listing: listingId, days: String(days) })}`;
}

/** Shown only to an owner of more than one listing. */
function ListingPicker({ listings, listingId, days }: Pick<InsightsView, "listings" | "days"> & { listingId: string }) {
  return (
    <Form method="get" className="flex flex-wrap items-end gap-2">
      <label className="grid gap-1 text-sm">
        Listing
        <select name="listing" defaultValue={listingId} className="rounded-lg border border-line bg-panel px-3 py-2">
          {listings.map((x) => (
            <option key={x.listingId} value={x.listingId}>
              {x.firstName}
            </option>
          ))}
        </select>
      </label>
      <input type="hidden" name="days" value={days} />
      <button type="submit" className="rounded-lg border border-line px-4 py-2">
        Show
      </button>
    </Form>
  );
}

function PeriodNav({ listingId, days }: { listingId: string; days: Range }) {
  return (
    <nav aria-label="Period" className="flex gap-2">
      {RANGES.map((d) => (
        <Link
          key={d}
          to={queryOf(listingId, d)}
          aria-current={d === days ? "page" : undefined}
          className={`rounded-lg border px-3 py-2 text-sm ${d === days ? "border-accent text-accent" : "border-line"}`}
        >
          {d} days
        </Link>
      ))}
    </nav>
  );
}

function TotalTiles({ totals }: { totals: Totals }) {
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
      <Tile label="Impressions" value={String(totals.impressions)} testId="insights-impressions" />
      <Tile label="Profile views" value={String(totals.views)} testId="insights-views" />
      <Tile label="View rate" value={formatRate(totals.viewRate)} testId="insights-view-rate" />
      <Tile label="Contact taps" value={String(totals.contacts)} testId="insights-contacts" />
      <Tile label="Contact rate" value={formatRate(totals.contactRate)} testId="insights-contact-rate" />
      <Tile label="Likes" value={String(totals.likes)} testId="insights-likes" />
      <Tile label="Favourites" value={String(totals.favourites)} testId="insights-favourites" />
      <Tile label="Photo opens" value={String(totals.photoOpens)} testId="insights-photo-opens" />
    </dl>
  );
}

/** The chart, its data as a table for screen readers, and the CSV download. */
function ByDay({ listingId, days, series }: { listingId: string; days: Range; series: DayCounts[] }) {
  return (
    <section aria-labelledby="by-day" className="space-y-2">
      <h2 id="by-day" className="text-lg font-semibold">
        By day
      </h2>
      <Chart series={series} />
      {/* The wrapper hides it: a table is never narrower than its content, whatever its own width says. */}
      <div className="sr-only">
        <table>
          <caption>{`Impressions and profile views by day, last ${days} days`}</caption>
          <thead>
            <tr>
              <th scope="col">Day</th>
              <th scope="col">Impressions</th>
              <th scope="col">Profile views</th>
              <th scope="col">Contact taps</th>
            </tr>
          </thead>
          <tbody>
            {series.map((d) => (
              <tr key={d.day}>
                <th scope="row">{d.day}</th>
                <td>{d.impressions}</td>
                <td>{d.views}</td>
                <td>{d.contacts}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <a
        href={`/dashboard/insights.csv${queryOf(listingId, days)}`}
        download
        className="inline-block text-accent underline"
        data-testid="insights-csv"
      >
        Download as CSV
      </a>
    </section>
  );
}

function PhotoTable({ photos }: { photos: PhotoCounts[] }) {
  return (
    <section aria-labelledby="photos" className="space-y-2">
      <h2 id="photos" className="text-lg font-semibold">
        Photos
      </h2>
      {photos.length ? (
        <table className="w-full text-left text-sm">
          <thead className="text-muted">
            <tr>
              <th scope="col">Photo</th>
              <th scope="col">Shown on the card</th>
              <th scope="col">Opened</th>
            </tr>
          </thead>
          <tbody>
            {photos.map((p) => (
              <tr key={p.photo}>
                <td className="py-1">
                  <img
                    src={`/photos/${p.photo}`}
                    alt=""
                    width={40}
                    height={53}
                    className="h-12 w-9 rounded object-cover"
                  />
                </td>
                <td>{p.shown}</td>
                <td>{p.opened}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p className="text-sm text-muted">No photo has been seen in this period yet.</p>
      )}
    </section>
  );
}

export function InsightsPage({ listings, listingId, days, series, totals, photos, regions }: InsightsView) {
  if (!listingId) {
    return <p className="rounded-xl border border-line bg-panel p-6 text-muted">You have no listings yet.</p>;
  }
  return (
    <div className="space-y-6">
      {listings.length > 1 ? <ListingPicker listings={listings} listingId={listingId} days={days} /> : null}
      <PeriodNav listingId={listingId} days={days} />
      <TotalTiles totals={totals} />
      <ByDay listingId={listingId} days={days} series={series} />
      <PhotoTable photos={photos} />
      <RegionBreakdown regions={regions} days={days} />
    </div>
  );
}
