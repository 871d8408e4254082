// The public page of review times: for each kind of review, the median and the 90th percentile of the waits
// of the last 7 days, with how many decisions they come from (docs/decisions/0064-review-times-and-appeals.md).
import { WAIT_LABELS, WAIT_WINDOW_DAYS, waitText } from "./waits";
import type { WaitSummary } from "./waits";

export function ReviewTimes({ waits }: { waits: readonly WaitSummary[] }) {
  return (
    <div className="space-y-6">
      <ul className="grid gap-4 sm:grid-cols-3" aria-label="Review times">
        {waits.map((w) => (
          <li
            key={w.kind}
            className="space-y-2 rounded-2xl border border-line bg-panel p-4"
            data-testid={`wait-${w.kind}`}
          >
            <h2 className="text-lg font-semibold">{WAIT_LABELS[w.kind]}</h2>
            {w.decisions === 0 ? (
              <p className="text-zinc-300">No decisions in the last {WAIT_WINDOW_DAYS} days.</p>
            ) : (
              <dl className="space-y-1">
                <div className="flex justify-between gap-3">
                  <dt className="text-muted">Half decided within</dt>
                  <dd data-testid="median">{waitText(w.median)}</dd>
                </div>
                <div className="flex justify-between gap-3">
                  <dt className="text-muted">9 in 10 decided within</dt>
                  <dd data-testid="p90">{waitText(w.p90)}</dd>
                </div>
                <div className="flex justify-between gap-3 text-sm text-muted">
                  <dt>Decisions counted</dt>
                  <dd>{w.decisions}</dd>
                </div>
              </dl>
            )}
          </li>
        ))}
      </ul>
      <p className="text-zinc-300">
        Each wait runs from the moment a request is sent to the moment an administrator (or, for a takedown case, the
        48-hour clock) decides it, over the decisions of the last {WAIT_WINDOW_DAYS} days. Every refusal gives its
        reason and can be appealed once; a different administrator decides the appeal when there is more than one.
      </p>
    </div>
  );
}
