// Accounts suspended from the Safety Net: suspend one by its e-mail address (or, from a waiting report, its
// reporter) with a reason, and lift a suspension. Both are in the audit log
// (docs/decisions/0043-safety-net-second-pass.md).
import { Form } from "@remix-run/react";
import { Button } from "~/ui/Button";
import { Field } from "~/ui/Field";
import { formatNzTime } from "~/platform/time/date-text";
import { EmptyQueue } from "~/features/moderation/AdminPage";
import { CARD } from "./moderation-views";
import type { CardProps, FieldErrors, SuspensionView } from "./moderation-views";

export function Suspensions({ suspensions, busy, errorsFor }: { suspensions: SuspensionView[] } & CardProps) {
  return (
    <section aria-labelledby="suspensions-heading" className="space-y-4">
      <h2 id="suspensions-heading" className="text-2xl font-semibold">
        Suspended accounts ({suspensions.length})
      </h2>
      <p className="text-sm text-zinc-300">
        A suspended account reads no alerts, checks no number and sends no report, whatever its listings. It still sees
        its own reports, answers questions about them and can withdraw them.
      </p>
      {suspensions.length === 0 ? (
        <EmptyQueue>No account is suspended.</EmptyQueue>
      ) : (
        <ul className="space-y-4" aria-label="Suspended accounts">
          {suspensions.map((s) => (
            <li key={s.userId} className={`${CARD} border-line`} data-testid="safety-suspension">
              <p className="break-words font-semibold">{s.email}</p>
              <p className="break-words text-sm text-zinc-300">
                Since {formatNzTime(s.createdAt)}: {s.reason}
              </p>
              <Form method="post">
                <input type="hidden" name="intent" value="lift" />
                <input type="hidden" name="userId" value={s.userId} />
                <Button type="submit" variant="secondary" disabled={busy}>
                  Lift the suspension
                </Button>
              </Form>
            </li>
          ))}
        </ul>
      )}
      <div className={`${CARD} border-line`}>
        <h3 className="font-semibold">Suspend an account</h3>
        <SuspendForm reportId="" busy={busy} errors={errorsFor("", "suspend")} />
      </div>
    </section>
  );
}

/** The suspend form: by e-mail address, or (from a waiting report) the reporter, with a reason. */
export function SuspendForm({ reportId, busy, errors }: { reportId: string; busy: boolean; errors: FieldErrors }) {
  const id = reportId || "account";
  return (
    <Form method="post" className="mt-2 space-y-2">
      <input type="hidden" name="intent" value="suspend" />
      <input type="hidden" name="reportId" value={reportId} />
      {reportId ? null : (
        <Field
          variant="compact"
          label="The account's e-mail address"
          errors={errors.email ? [errors.email] : null}
          input={{ id: `suspend-email-${id}`, name: "email", type: "email", autoComplete: "off", maxLength: 254 }}
        />
      )}
      <Field
        variant="compact"
        label="Reason (kept in the audit log)"
        errors={errors.reason ? [errors.reason] : null}
        textarea={{ id: `suspend-reason-${id}`, name: "reason", rows: 2, maxLength: 200 }}
      />
      <Button type="submit" variant="danger" disabled={busy}>
        Suspend from the Safety Net
      </Button>
    </Form>
  );
}
