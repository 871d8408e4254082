import { specialRateDuration } from "~/core/special-rate-duration";
import { formatDollarAmount } from "~/platform/money";
import { RATE_LABELS } from "~/core/profile";
import type { Profile, ProfileRate } from "~/core/profile";

export function hasPrices(profile: Profile): boolean {
  return profile.rates.length > 0 || profile.specialRates.length > 0;
}

function RateTable({ title, rates, testId }: { title: string; rates: ProfileRate[]; testId: string }) {
  return (
    <div data-testid={testId}>
      <h3 className="mb-2 font-semibold text-accent">{title}</h3>
      <table className="w-full text-sm">
        <tbody>
          {rates.map((r) => (
            <tr key={r.id} className="border-t border-line">
              <th scope="row" className="py-2 text-left font-normal text-zinc-300">
                {RATE_LABELS[r.duration] ?? r.duration}
                {r.description ? <span className="block text-xs text-muted">{r.description}</span> : null}
              </th>
              <td className="py-2 text-right font-semibold">{formatDollarAmount(r.price)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The profile's price lists: incall and outcall rates side by side from 640 px, then the packages. */
export function PriceLists({ profile }: { profile: Profile }) {
  const incall = profile.rates.filter((r) => r.call_type === "incall");
  const outcall = profile.rates.filter((r) => r.call_type === "outcall");
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        {incall.length ? <RateTable title="Incall" rates={incall} testId="incall-rates" /> : null}
        {outcall.length ? <RateTable title="Outcall" rates={outcall} testId="outcall-rates" /> : null}
      </div>
      {profile.specialRates.length ? (
        <div data-testid="special-rates">
          <h3 className="mb-2 font-semibold text-accent">Packages and special rates</h3>
          <ul className="space-y-2 text-sm">
            {profile.specialRates.map((s) => (
              <li key={s.id} className="flex justify-between gap-4 border-t border-line pt-2">
                <span>
                  {s.serviceName}
                  {s.duration ? <span className="text-muted"> · {specialRateDuration(s.duration)}</span> : null}
                  {s.description ? <span className="block text-xs text-muted">{s.description}</span> : null}
                </span>
                <span className="font-semibold">{formatDollarAmount(s.rate)}</span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </>
  );
}
