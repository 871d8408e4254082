// The administrators' Safety Net screen: reports waiting (oldest first, against the 48-hour target), the
// published alerts (correct or remove), and correction requests from the contact page.
// Each card lives beside it: WaitingReport, CorrectionRequest, PublishedAlert (the forms and intents).
import { useNavigation } from "@remix-run/react";
import { Alert } from "~/ui/Alert";
import type { CorrectionView, FieldErrors, ModerationResult, PublishedView, QueueView } from "./moderation-views";
import { WaitingReport } from "./WaitingReport";
import { CorrectionRequest } from "./CorrectionRequest";
import { PublishedAlert } from "./PublishedAlert";

export type { CorrectionView, ModerationResult, PublishedView, QueueView } from "./moderation-views";

export function ModerationQueue({
  queue,
  alerts,
  corrections,
  result,
}: {
  queue: QueueView[];
  alerts: PublishedView[];
  corrections: CorrectionView[];
  result: ModerationResult | undefined;
}) {
  const busy = useNavigation().state !== "idle";
  const errorsFor = (id: string, intent: string): FieldErrors =>
    result && !result.ok && result.reportId === id && result.intent === intent ? result.fieldErrors : {};
  return (
    <div className="space-y-8">
      {result ? (
        <Alert tone={result.ok ? "success" : "error"} reveal={result} data-testid="moderation-notice">
          {result.ok ? result.message : result.error}
        </Alert>
      ) : null}

      <section aria-labelledby="queue-heading" className="space-y-4">
        <h2 id="queue-heading" className="text-2xl font-semibold">
          Waiting ({queue.length})
        </h2>
        {queue.length === 0 ? (
          <p className="rounded-xl border border-line bg-panel p-6 text-center text-muted">No reports waiting.</p>
        ) : (
          <ul className="space-y-4" aria-label="Reports waiting">
            {queue.map((q) => (
              <WaitingReport key={q.id} q={q} busy={busy} errorsFor={errorsFor} />
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="corrections-heading" className="space-y-4">
        <h2 id="corrections-heading" className="text-2xl font-semibold">
          Correction requests ({corrections.length})
        </h2>
        {corrections.length === 0 ? (
          <p className="rounded-xl border border-line bg-panel p-6 text-center text-muted">No correction requests.</p>
        ) : (
          <ul className="space-y-4" aria-label="Correction requests">
            {corrections.map((c) => (
              <CorrectionRequest key={c.id} c={c} busy={busy} />
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="published-heading" className="space-y-4">
        <h2 id="published-heading" className="text-2xl font-semibold">
          Published alerts ({alerts.length})
        </h2>
        {alerts.length === 0 ? (
          <p className="rounded-xl border border-line bg-panel p-6 text-center text-muted">No published alerts.</p>
        ) : (
          <ul className="space-y-4" aria-label="Published alerts">
            {alerts.map((a) => (
              <PublishedAlert key={a.id} a={a} busy={busy} errorsFor={errorsFor} />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
