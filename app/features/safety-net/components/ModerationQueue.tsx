// The administrators' Safety Net screen: reports waiting (oldest first, against the 48-hour target), the
// published alerts (correct or remove), and correction requests from the contact page.
import { Form, useNavigation } from "@remix-run/react";
import { Alert } from "~/ui/Alert";
import { Button } from "~/ui/Button";
import { Field } from "~/ui/Field";
import { REGIONS } from "~/features/catalogue/regions";
import { SAFETY_CATEGORIES } from "../categories";

export type QueueView = {
  id: string;
  incidentDate: string;
  month: string;
  region: string;
  category: string;
  categoryLabel: string;
  description: string;
  status: "pending" | "question";
  secondLook: boolean;
  question: string;
  answer: string;
  waiting: { hours: number; overdue: boolean };
};
export type PublishedView = {
  id: string;
  region: string;
  month: string;
  monthLabel: string;
  category: string;
  categoryLabel: string;
  text: string;
};
export type CorrectionView = {
  id: string;
  contact: string;
  message: string;
  matchedReports: string[];
  waiting: { hours: number; overdue: boolean };
};
export type ModerationResult =
  | { ok: false; error: string; fieldErrors: Record<string, string>; intent: string; reportId?: string }
  | { ok: true; intent: string; message: string; reportId: string };

const CARD = "space-y-3 rounded-2xl border bg-panel p-4";

function AlertFields({
  idPrefix,
  region,
  month,
  category,
  text,
  errors,
}: {
  idPrefix: string;
  region: string;
  month: string;
  category: string;
  text: string;
  errors: Record<string, string>;
}) {
  const e = (name: string) => (errors[name] ? [errors[name]] : null);
  return (
    <>
      <Field
        variant="compact"
        label="Alert region"
        errors={e("alertRegion")}
        select={{ id: `${idPrefix}-region`, name: "alertRegion", defaultValue: region }}
      >
        {REGIONS.map((r) => (
          <option key={r} value={r}>
            {r}
          </option>
        ))}
      </Field>
      <Field
        variant="compact"
        label="Alert month"
        description="Year and month, e.g. 2026-11."
        errors={e("alertMonth")}
        input={{
          id: `${idPrefix}-month`,
          name: "alertMonth",
          type: "text",
          defaultValue: month,
          pattern: "\\d{4}-\\d{2}",
        }}
      />
      <Field
        variant="compact"
        label="Alert category"
        errors={e("alertCategory")}
        select={{ id: `${idPrefix}-category`, name: "alertCategory", defaultValue: category }}
      >
        {SAFETY_CATEGORIES.map((c) => (
          <option key={c.id} value={c.id}>
            {c.label}
          </option>
        ))}
      </Field>
      <Field
        variant="compact"
        label="Alert text"
        description="Short, and nothing that could identify the reporter (no dates to the day, no places they work)."
        errors={e("alertText")}
        textarea={{ id: `${idPrefix}-text`, name: "alertText", rows: 4, maxLength: 600, defaultValue: text }}
      />
    </>
  );
}

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
  const errorsFor = (id: string, intent: string) =>
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
              <li
                key={q.id}
                className={`${CARD} ${q.waiting.overdue ? "border-rose-400" : "border-line"}`}
                data-testid="safety-queue-item"
              >
                <h3 className="text-lg font-semibold">
                  {q.categoryLabel}, {q.region}, {q.incidentDate}
                </h3>
                <p className="text-sm">
                  {q.waiting.overdue ? (
                    <span className="mr-2 rounded-full bg-rose-600 px-2 py-0.5 text-xs font-bold text-white">
                      Overdue
                    </span>
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
              <li
                key={c.id}
                className={`${CARD} ${c.waiting.overdue ? "border-rose-400" : "border-line"}`}
                data-testid="safety-correction"
              >
                <p className="text-sm text-muted">
                  Waiting {c.waiting.hours} h{c.waiting.overdue ? " (past 48 hours)" : ""}. Reply to: {c.contact}
                </p>
                <p className="whitespace-pre-wrap break-words">{c.message}</p>
                <p className="text-sm">
                  {c.matchedReports.length === 0
                    ? "The number or address given matches no published alert."
                    : `Matches ${c.matchedReports.length === 1 ? "this alert" : "these alerts"}: `}
                  {c.matchedReports.map((id) => (
                    <a key={id} href={`#alert-${id}`} className="mr-2 text-accent underline">
                      {id}
                    </a>
                  ))}
                </p>
                <Form method="post">
                  <input type="hidden" name="intent" value="close-correction" />
                  <input type="hidden" name="correctionId" value={c.id} />
                  <Button type="submit" variant="secondary" disabled={busy}>
                    Mark handled
                  </Button>
                </Form>
              </li>
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
              <li key={a.id} id={`alert-${a.id}`} className={`${CARD} border-line`} data-testid="safety-published">
                <h3 className="font-semibold">
                  {a.categoryLabel}, {a.region}, {a.monthLabel}
                </h3>
                <p className="whitespace-pre-wrap break-words text-zinc-200">{a.text}</p>
                <p className="text-xs text-muted">Alert {a.id}</p>
                <details className="rounded-lg border border-line p-3">
                  <summary className="min-h-11 cursor-pointer content-center font-semibold text-accent">
                    Correct this alert
                  </summary>
                  <Form method="post" className="mt-2 space-y-3">
                    <input type="hidden" name="intent" value="correct" />
                    <input type="hidden" name="reportId" value={a.id} />
                    <AlertFields
                      idPrefix={`correct-${a.id}`}
                      region={a.region}
                      month={a.month}
                      category={a.category}
                      text={a.text}
                      errors={errorsFor(a.id, "correct")}
                    />
                    <Button type="submit" disabled={busy}>
                      Save the correction
                    </Button>
                  </Form>
                </details>
                <details className="rounded-lg border border-line p-3">
                  <summary className="min-h-11 cursor-pointer content-center font-semibold text-rose-200">
                    Remove this alert
                  </summary>
                  <Form method="post" className="mt-2 space-y-2">
                    <input type="hidden" name="intent" value="remove" />
                    <input type="hidden" name="reportId" value={a.id} />
                    <p className="text-sm text-zinc-300">
                      The alert, its report and its hashes are deleted at once; the audit log keeps the decision.
                    </p>
                    <Button type="submit" variant="danger" disabled={busy}>
                      Remove and delete it
                    </Button>
                  </Form>
                </details>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
