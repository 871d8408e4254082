// One report waiting for review, with its three intents: publish, ask the reporter, decline.
import { Form } from "@remix-run/react";
import { Button } from "~/ui/Button";
import { Field } from "~/ui/Field";
import { AlertFields } from "./AlertFields";
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
      <Form method="post" className="space-y-3 rounded-lg border border-line p-3">
        <input type="hidden" name="intent" value="publish" />
        <input type="hidden" name="reportId" value={q.id} />
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
      </Form>
      <Form method="post" className="space-y-2 rounded-lg border border-line p-3">
        <input type="hidden" name="intent" value="ask" />
        <input type="hidden" name="reportId" value={q.id} />
        <Field
          variant="compact"
          label="Question for the reporter"
          errors={errorsFor(q.id, "ask").question ? [errorsFor(q.id, "ask").question] : null}
          textarea={{ id: `ask-${q.id}`, name: "question", rows: 2, maxLength: 1000 }}
        />
        <Button type="submit" variant="secondary" disabled={busy}>
          Ask the reporter
        </Button>
      </Form>
      <Form method="post" className="space-y-2 rounded-lg border border-line p-3">
        <input type="hidden" name="intent" value="decline" />
        <input type="hidden" name="reportId" value={q.id} />
        <Field
          variant="compact"
          label="Reason for declining"
          errors={errorsFor(q.id, "decline").reason ? [errorsFor(q.id, "decline").reason] : null}
          textarea={{ id: `decline-${q.id}`, name: "reason", rows: 2, maxLength: 500 }}
        />
        <Button type="submit" variant="danger" disabled={busy}>
          Decline
        </Button>
      </Form>
    </li>
  );
}
