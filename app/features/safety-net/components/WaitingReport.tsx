// One report waiting for review, with its intents: publish, ask the reporter, decline, and suspend the
// reporter from the Safety Net.
import { Button } from "~/ui/Button";
import { dayLabel } from "~/platform/time/date-text";
import { Field } from "~/ui/Field";
import { AlertForm } from "./AlertForm";
import { ReportIntentForm } from "./ReportIntentForm";
import { BADGE, CARD } from "./moderation-views";
import { SuspendForm } from "./Suspensions";
import type { CardProps, QueueView } from "./moderation-views";

export function WaitingReport({ q, busy, errorsFor }: { q: QueueView } & CardProps) {
  return (
    <li className={`${CARD} ${q.waiting.overdue ? "border-rose-400" : "border-line"}`} data-testid="safety-queue-item">
      <h3 className="text-lg font-semibold">
        {q.categoryLabel}, {q.region}, {dayLabel(q.incidentDate)}
      </h3>
      <p className="text-sm">
        {q.waiting.overdue ? <span className={BADGE.overdue}>Overdue</span> : null}
        {q.secondLook ? <span className={BADGE.note}>Second look: account under 14 days old</span> : null}
        <span className="text-muted">Waiting {q.waiting.hours} h</span>
      </p>
      <p className="whitespace-pre-wrap break-words text-zinc-200">{q.description}</p>
      {q.question ? <p className="text-sm text-zinc-300">Your question: {q.question}</p> : null}
      {q.status === "question" ? (
        <p className="text-sm text-amber-200">Waiting for the reporter&apos;s answer.</p>
      ) : null}
      {q.answer ? <p className="text-sm text-zinc-200">Reporter&apos;s answer: {q.answer}</p> : null}
      <AlertForm
        intent="publish"
        reportId={q.id}
        alert={{ ...q, text: "" }}
        busy={busy}
        errorsFor={errorsFor}
        className="space-y-3 rounded-lg border border-line p-3"
        submit="Publish"
      />
      {NOTES.map((note) => (
        <NoteForm
          key={note.intent}
          note={note}
          reportId={q.id}
          error={errorsFor(q.id, note.intent)[note.field]}
          busy={busy}
        />
      ))}
      <details className="rounded-lg border border-line p-3">
        <summary className="min-h-11 cursor-pointer content-center font-semibold text-rose-200">
          Suspend the reporter
        </summary>
        <SuspendForm reportId={q.id} busy={busy} errors={errorsFor(q.id, "suspend")} />
      </details>
    </li>
  );
}

/** Asking the reporter and declining both send a few words with the intent: the note, then the button. */
const NOTES = [
  {
    intent: "ask",
    field: "question",
    label: "Question for the reporter",
    maxLength: 1000,
    variant: "secondary",
    button: "Ask the reporter",
  },
  {
    intent: "decline",
    field: "reason",
    label: "Reason for declining",
    maxLength: 500,
    variant: "danger",
    button: "Decline",
  },
] as const;

function NoteForm({
  note,
  reportId,
  error,
  busy,
}: {
  note: (typeof NOTES)[number];
  reportId: string;
  error: string | undefined;
  busy: boolean;
}) {
  return (
    <ReportIntentForm intent={note.intent} reportId={reportId} className="space-y-2 rounded-lg border border-line p-3">
      <Field
        variant="compact"
        label={note.label}
        errors={error ? [error] : null}
        textarea={{ id: `${note.intent}-${reportId}`, name: note.field, rows: 2, maxLength: note.maxLength }}
      />
      <Button type="submit" variant={note.variant} disabled={busy}>
        {note.button}
      </Button>
    </ReportIntentForm>
  );
}
