// Profile views by the visitor's region, with every count under 5 shown as 'fewer than 5' so that no row can
// point at one visitor (docs/decisions/0032-region-breakdown.md).
import { regionRows, SMALL_COUNT } from "~/features/insights/regions";
import type { RegionViews } from "~/features/insights/regions";

export function RegionBreakdown({ regions, days }: { regions: RegionViews[]; days: number }) {
  const rows = regionRows(regions);
  return (
    <section aria-labelledby="regions" className="space-y-2" data-testid="insights-regions">
      <h2 id="regions" className="text-lg font-semibold">
        Where views come from
      </h2>
      {rows.length ? (
        <>
          <table className="w-full text-left text-sm">
            <caption className="sr-only">{`Profile views by visitor region, last ${days} days`}</caption>
            <thead className="text-muted">
              <tr>
                <th scope="col">Region</th>
                <th scope="col" className="text-right">
                  Profile views
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.region} className="border-t border-line">
                  <th scope="row" className="py-1 font-normal">
                    {r.name}
                  </th>
                  <td className="py-1 text-right">{r.shown}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <p className="text-xs text-muted">
            {`Counts under ${SMALL_COUNT} are shown as 'fewer than ${SMALL_COUNT}', to keep visitors private.`}
          </p>
        </>
      ) : (
        <p className="text-sm text-muted">No profile views in this period yet.</p>
      )}
    </section>
  );
}
