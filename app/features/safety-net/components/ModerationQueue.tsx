// The administrators' Safety Net screen: reports waiting (oldest first, against the 48-hour target), the
// published alerts (correct or remove), and correction requests from the contact page.
// Each card lives beside it: WaitingReport, CorrectionRequest, PublishedAlert (the forms and intents).
import { useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";
import { EmptyQueue } from "~/features/moderation/AdminPage";
import { Alert } from "~/ui/Alert";
import type { CorrectionView, FieldErrors, ModerationResult, PublishedView, QueueView } from "./moderation-views";
import { WaitingReport } from "./WaitingReport";
import { CorrectionRequest } from "./CorrectionRequest";
import { PublishedAlert } from "./PublishedAlert";

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
  // The screen's three lists, in the order an administrator works through them.
  const sections = [
    {
      id: "queue-heading",
      title: "Waiting",
      label: "Reports waiting",
      empty: "No reports waiting.",
      cards: queue.map((q) => <WaitingReport key={q.id} q={q} busy={busy} errorsFor={errorsFor} />),
    },
    {
      id: "corrections-heading",
      title: "Correction requests",
      label: "Correction requests",
      empty: "No correction requests.",
      cards: corrections.map((c) => <CorrectionRequest key={c.id} c={c} busy={busy} />),
    },
    {
      id: "published-heading",
      title: "Published alerts",
      label: "Published alerts",
      empty: "No published alerts.",
      cards: alerts.map((a) => <PublishedAlert key={a.id} a={a} busy={busy} errorsFor={errorsFor} />),
    },
  ];
  return (
    <div className="space-y-8">
      {result ? (
        <Alert tone={result.ok ? "success" : "error"} reveal={result} data-testid="moderation-notice">
          {result.ok ? result.message : result.error}
        </Alert>
      ) : null}

      {sections.map((section) => (
        <QueueSection key={section.id} {...section} />
      ))}
    </div>
  );
}

/** One of the screen's three lists: its title with how many it holds, then the cards, or a note when empty. */
function QueueSection({
  id,
  title,
  label,
  empty,
  cards,
}: {
  id: string;
  title: string;
  label: string;
  empty: string;
  cards: ReactNode[];
}) {
  return (
    <section aria-labelledby={id} className="space-y-4">
      <h2 id={id} className="text-2xl font-semibold">
        {title} ({cards.length})
      </h2>
      {cards.length === 0 ? (
        <EmptyQueue>{empty}</EmptyQueue>
      ) : (
        <ul className="space-y-4" aria-label={label}>
          {cards}
        </ul>
      )}
    </section>
  );
}
