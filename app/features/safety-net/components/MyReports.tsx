// The provider's own reports: their status, the answer to an administrator's question, NZPC, withdrawal.
import { ReportIntentForm } from "./ReportIntentForm";
import { Button } from "~/ui/Button";
import { dayLabel } from "~/platform/time/date-text";
import { Field } from "~/ui/Field";
import { NzpcLink } from "./NzpcLink";
import { SECTION } from "./safety-net-views";
import type { MyReportView, SafetyNetResult } from "./safety-net-views";

const STATUS: Record<MyReportView["status"], string> = {
  pending: "Waiting for an administrator",
  question: "An administrator has a question",
  published: "Published as an alert",
  declined: "Declined",
};

export function MyReports({
  reports,
  result,
  busy,
}: {
  reports: MyReportView[];
  result: SafetyNetResult | undefined;
  busy: boolean;
}) {
  return (
    <section aria-labelledby="mine-heading" className={SECTION}>
      <h2 id="mine-heading" className="text-xl font-semibold">
        Your reports
      </h2>
      {reports.length === 0 ? (
        <p className="text-muted">You have not sent a report.</p>
      ) : (
        <ul className="space-y-4" aria-label="Your reports">
          {reports.map((r) => (
            <MyReport key={r.id} r={r} result={result} busy={busy} />
          ))}
        </ul>
      )}
    </section>
  );
}

function MyReport({ r, result, busy }: { r: MyReportView; result: SafetyNetResult | undefined; busy: boolean }) {
  return (
    <li className="space-y-2 rounded-lg border border-line bg-ink p-3" data-testid="my-report">
      <p className="font-semibold">
        {r.categoryLabel}, {r.region}, {dayLabel(r.incidentDate)}
      </p>
      <p className="text-sm text-accent" data-testid="my-report-status">
        {STATUS[r.status]}
      </p>
      <p className="whitespace-pre-wrap break-words text-sm text-zinc-200">{r.description}</p>
      {r.status === "published" ? <p className="text-sm text-zinc-300">Alert: {r.alertText}</p> : null}
      {r.status === "declined" ? <p className="text-sm text-zinc-300">Reason: {r.declineReason}</p> : null}
      {r.status === "question" ? (
        <ReportIntentForm intent="answer" reportId={r.id} className="space-y-2">
          <p className="text-sm">Question: {r.question}</p>
          <Field
            label="Your answer"
            errors={
              result && !result.ok && result.intent === "answer" && result.fieldErrors.answer
                ? [result.fieldErrors.answer]
                : null
            }
            textarea={{ id: `answer-${r.id}`, name: "answer", rows: 3, maxLength: 2000, required: true }}
          />
          <Button type="submit" disabled={busy}>
            Send the answer
          </Button>
        </ReportIntentForm>
      ) : r.answer ? (
        // The question stays beside its answer: the answer alone would not say what it was for.
        <div className="space-y-1 text-sm text-zinc-300" data-testid="my-report-answered">
          {r.question ? <p className="whitespace-pre-wrap break-words">Question: {r.question}</p> : null}
          <p className="whitespace-pre-wrap break-words">Your answer: {r.answer}</p>
        </div>
      ) : null}
      <NzpcLink id={r.id} text={r.nzpcText} mailto={r.nzpcMailto} />
      {/* Withdrawing deletes at once and cannot be undone: a second, deliberate press. */}
      <details className="rounded-lg border border-line p-3">
        <summary className="min-h-11 cursor-pointer content-center font-semibold">Withdraw this report</summary>
        <ReportIntentForm intent="withdraw" reportId={r.id} className="mt-2 space-y-2">
          <p className="text-sm text-zinc-300">
            It is deleted at once, with any alert made from it. This cannot be undone.
          </p>
          <Button type="submit" variant="danger" disabled={busy}>
            Withdraw and delete it
          </Button>
        </ReportIntentForm>
      </details>
    </li>
  );
}
