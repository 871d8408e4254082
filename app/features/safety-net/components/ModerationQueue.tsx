// The administrators' Safety Net screen: reports waiting (oldest first, against the 48-hour target), the
// correction requests from the contact page (every one reachable: counted, paged, those matching a current
// alert first), the published alerts (correct or remove), and the accounts suspended from the Safety Net.
// Each card lives beside it: WaitingReport, CorrectionRequest, PublishedAlert, Suspensions.
import { Link, useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";
import { EmptyQueue } from "~/features/moderation/AdminPage";
import { Alert } from "~/ui/Alert";
import { CORRECTIONS_PAGE_SIZE } from "../correction-rules";
import type {
  CorrectionsView,
  FieldErrors,
  ModerationResult,
  PublishedView,
  QueueView,
  SuspensionView,
} from "./moderation-views";
import { WaitingReport } from "./WaitingReport";
import { CorrectionRequest } from "./CorrectionRequest";
import { PublishedAlert } from "./PublishedAlert";
import { Suspensions } from "./Suspensions";

export function ModerationQueue({
  queue,
  waitingTotal,
  alerts,
  corrections,
  suspensions,
  result,
}: {
  queue: QueueView[];
  waitingTotal: number;
  alerts: PublishedView[];
  corrections: CorrectionsView;
  suspensions: SuspensionView[];
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

      <QueueSection
        id="queue-heading"
        title="Waiting"
        total={waitingTotal}
        label="Reports waiting"
        empty="No reports waiting."
        summary={waitingTotal > queue.length ? `The ${queue.length} oldest are shown.` : null}
      >
        {queue.map((q) => (
          <WaitingReport key={q.id} q={q} busy={busy} errorsFor={errorsFor} />
        ))}
      </QueueSection>
      <QueueSection
        id="corrections-heading"
        title="Correction requests"
        total={corrections.total}
        label="Correction requests"
        empty="No correction requests."
        summary={correctionSummary(corrections)}
        after={<CorrectionPager page={corrections.page} pages={corrections.pages} />}
      >
        {corrections.items.map((c) => (
          <CorrectionRequest key={c.id} c={c} busy={busy} />
        ))}
      </QueueSection>
      <QueueSection
        id="published-heading"
        title="Published alerts"
        total={alerts.length}
        label="Published alerts"
        empty="No published alerts."
      >
        {alerts.map((a) => (
          <PublishedAlert key={a.id} a={a} busy={busy} errorsFor={errorsFor} />
        ))}
      </QueueSection>
      <Suspensions suspensions={suspensions} busy={busy} errorsFor={errorsFor} />
    </div>
  );
}

/** What the heading's total does not say: how many match an alert (shown first) and how many are late. */
function correctionSummary(c: CorrectionsView): string | null {
  if (c.total === 0) return null;
  const parts = [
    c.matching > 0
      ? `${c.matching} ${c.matching === 1 ? "matches a current alert and comes" : "match a current alert and come"} first`
      : null,
    c.overdue > 0 ? `${c.overdue} ${c.overdue === 1 ? "is" : "are"} past 48 hours` : null,
  ].filter(Boolean);
  const shown = c.pages > 1 ? `Page ${c.page} of ${c.pages}` : null;
  return [parts.length ? `${parts.join("; ")}.` : null, shown ? `${shown}, ${CORRECTIONS_PAGE_SIZE} a page.` : null]
    .filter(Boolean)
    .join(" ");
}

const PAGER = "inline-flex min-h-11 items-center rounded-lg border border-line px-4 hover:bg-panel";

/** Previous and Next through the correction requests (?corrections=), the rest of the screen as it is. */
function CorrectionPager({ page, pages }: { page: number; pages: number }) {
  if (pages <= 1) return null;
  const href = (n: number) =>
    n === 1 ? "/admin/safety-net#corrections-heading" : `?corrections=${n}#corrections-heading`;
  return (
    <nav
      aria-label="Correction request pages"
      className="flex flex-wrap items-center gap-3"
      data-testid="corrections-pager"
    >
      {page > 1 ? (
        <Link to={href(page - 1)} className={PAGER} rel="prev">
          Previous
        </Link>
      ) : null}
      <span className="text-sm text-muted">
        Page {page} of {pages}
      </span>
      {page < pages ? (
        <Link to={href(page + 1)} className={PAGER} rel="next">
          Next
        </Link>
      ) : null}
    </nav>
  );
}

/** One of the screen's lists: its title with how many it holds in all, then the cards, or a note when empty. */
function QueueSection({
  id,
  title,
  total,
  label,
  empty,
  summary,
  after,
  children: cards,
}: {
  id: string;
  title: string;
  total: number;
  label: string;
  empty: string;
  summary?: string | null;
  after?: ReactNode;
  children: ReactNode[];
}) {
  return (
    <section aria-labelledby={id} className="scroll-mt-4 space-y-4">
      <h2 id={id} className="text-2xl font-semibold">
        {title} ({total})
      </h2>
      {summary ? <p className="text-sm text-zinc-300">{summary}</p> : null}
      {cards.length === 0 ? (
        <EmptyQueue>{empty}</EmptyQueue>
      ) : (
        <ul className="space-y-4" aria-label={label}>
          {cards}
        </ul>
      )}
      {after}
    </section>
  );
}
