// One report waiting for review, with its three intents: publish, ask the reporter, decline.
import type { ReactNode } from "react";
import { Button } from "~/ui/Button";
import { Field } from "~/ui/Field";
import { AlertFields } from "./AlertFields";
import { ReportIntentForm } from "./ReportIntentForm";
import { CARD, type FieldErrors, type QueueView } from "./moderation-views";

export function WaitingReport({
  q,
  busy,
  errorsFor,
}: {
  q: QueueView;
  busy: boolean;
  errorsFor: (id: string, intent: string) => FieldErrors;
}) {
  return (
    <li className={`${CARD} ${q.waiting.overdue ? "border-rose-400" : "border-line"}`} data-testid="safety-queue-item">
      <h3 className="text-lg font-semibold">
        {q.categoryLabel}, {q.region}, {q.incidentDate}
      </h3>
      <p className="text-sm">
        {q.waiting.overdue ? (
          <span className="mr-2 rounded-full bg-rose-600 px-2 py-0.5 text-xs font-bold text-white">Overdue</span>
        ) : null}
        {q.secondLook ? (
          <span className="mr-2 rounded-full bg-amber-500 px-2 py-0.5 text-xs font-bold text-ink">
            Second look: account under 14 days old
          </span>
        ) : null}
        <span className="text-muted">Waiting {q.waiting.hours} h</span>
      </p>
      <p className="whitespace-pre-wrap break-words text-zinc-200">{q.description}</p>
      {q.question ? <p className="text-sm text-zinc-300">Your question: {q.question}</p> : null}
      {q.status === "question" ? (
        <p className="text-sm text-amber-200">Waiting for the reporter&apos;s answer.</p>
      ) : null}
      {q.answer ? <p className="text-sm text-zinc-200">Reporter&apos;s answer: {q.answer}</p> : null}
      <ReportIntentForm intent="publish" reportId={q.id} className="space-y-3 rounded-lg border border-line p-3">
        <AlertFields
          idPrefix={`publish-${q.id}`}
          region={q.region}
          month={q.month}
          category={q.category}
          text=""
          errors={errorsFor(q.id, "publish")}
        />
        <Button type="submit" disabled={busy}>
          Publish
        </Button>
      </ReportIntentForm>
      <NoteForm
        intent="ask"
        reportId={q.id}
        field="question"
        label="Question for the reporter"
        maxLength={1000}
        error={errorsFor(q.id, "ask").question}
      >
        <Button type="submit" variant="secondary" disabled={busy}>
          Ask the reporter
        </Button>
      </NoteForm>
      <NoteForm
        intent="decline"
        reportId={q.id}
        field="reason"
        label="Reason for declining"
        maxLength={500}
        error={errorsFor(q.id, "decline").reason}
      >
        <Button type="submit" variant="danger" disabled={busy}>
          Decline
        </Button>
      </NoteForm>
    </li>
  );
}

/** Asking the reporter and declining both send a few words with the intent: the note, then the button. */
function NoteForm({
  intent,
  reportId,
  field,
  label,
  maxLength,
  error,
  children,
}: {
  intent: string;
  reportId: string;
  field: string;
  label: string;
  maxLength: number;
  error: string | undefined;
  children: ReactNode;
}) {
  return (
    <ReportIntentForm intent={intent} reportId={reportId} className="space-y-2 rounded-lg border border-line p-3">
      <Field
        variant="compact"
        label={label}
        errors={error ? [error] : null}
        textarea={{ id: `${intent}-${reportId}`, name: field, rows: 2, maxLength }}
      />
      {children}
    </ReportIntentForm>
  );
}
