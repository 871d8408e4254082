// One published alert, with the forms that correct or remove it.
import { Button } from "~/ui/Button";
import { AlertForm } from "./AlertForm";
import { ReportIntentForm } from "./ReportIntentForm";
import { CARD } from "./moderation-views";
import type { CardProps, PublishedView } from "./moderation-views";

export function PublishedAlert({ a, busy, errorsFor }: { a: PublishedView } & CardProps) {
  return (
    <li id={`alert-${a.id}`} className={`${CARD} border-line`} data-testid="safety-published">
      <h3 className="font-semibold">
        {a.categoryLabel}, {a.region}, {a.monthLabel}
      </h3>
      <p className="whitespace-pre-wrap break-words text-zinc-200">{a.text}</p>
      <p className="text-xs text-muted">Alert {a.id}</p>
      <details className="rounded-lg border border-line p-3">
        <summary className="min-h-11 cursor-pointer content-center font-semibold text-accent">
          Correct this alert
        </summary>
        <AlertForm
          intent="correct"
          reportId={a.id}
          alert={a}
          busy={busy}
          errorsFor={errorsFor}
          className="mt-2 space-y-3"
          submit="Save the correction"
        />
      </details>
      <details className="rounded-lg border border-line p-3">
        <summary className="min-h-11 cursor-pointer content-center font-semibold text-rose-200">
          Remove this alert
        </summary>
        <ReportIntentForm intent="remove" reportId={a.id} className="mt-2 space-y-2">
          <p className="text-sm text-zinc-300">
            The alert, its report and its hashes are deleted at once; the audit log keeps the decision.
          </p>
          <Button type="submit" variant="danger" disabled={busy}>
            Remove and delete it
          </Button>
        </ReportIntentForm>
      </details>
    </li>
  );
}
