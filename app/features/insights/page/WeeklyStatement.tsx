// The weekly visibility statement on the insights page: last full week's impressions beside the median listing
// on the same plan in the same region, in plain words, and the e-mail opt-in (a plain form POST, so it works
// without JavaScript). docs/decisions/0030-weekly-visibility-statement.md
import { Form } from "@remix-run/react";
import { Alert } from "~/ui/Alert";
import { comparisonWords, percent, weekWords } from "~/features/insights/statement";
import type { Statement } from "~/features/insights/statement";

type Props = {
  statement: Statement | null;
  emailOn: boolean;
  /** What the last toggle did, shown where the toggle is. */
  notice?: string | null;
  error?: string | null;
};

export function WeeklyStatement({ statement, emailOn, notice, error }: Props) {
  if (!statement) return null;
  return (
    <section aria-labelledby="weekly-statement" className="space-y-3" data-testid="weekly-statement">
      <h2 id="weekly-statement" className="text-lg font-semibold">
        Last week&apos;s statement
      </h2>
      <p className="text-sm text-muted">{weekWords(statement.week)}, Monday to Sunday, NZ time.</p>
      <div className="space-y-2 rounded-xl border border-line bg-panel p-4">
        <p>
          Your listing was shown <strong data-testid="statement-impressions">{statement.impressions}</strong>{" "}
          {statement.impressions === 1 ? "time" : "times"} on the grid.
        </p>
        <p data-testid="statement-comparison">{comparisonWords(statement)}</p>
        {statement.peers > 1 ? (
          <p className="text-sm text-muted" data-testid="statement-share">
            Your share of the group&apos;s impressions: {percent(statement.share)}. An even split would give each
            listing {percent(statement.fairShare)}.
          </p>
        ) : null}
      </div>
      <Form method="post" className="space-y-2">
        <input type="hidden" name="intent" value="statement-email" />
        <input type="hidden" name="on" value={emailOn ? "0" : "1"} />
        <p className="text-sm" data-testid="statement-email-state">
          {emailOn
            ? "You get this statement by e-mail every Monday."
            : "Get this statement by e-mail every Monday. The subject line never names your listing."}
        </p>
        <button type="submit" className="min-h-11 rounded-lg border border-line px-4 py-2">
          {emailOn ? "Stop the weekly e-mail" : "E-mail me every week"}
        </button>
        <Alert tone="success" size="compact" reveal={notice} data-testid="statement-email-notice">
          {notice}
        </Alert>
        <Alert tone="error" size="compact" reveal={error} data-testid="statement-email-error">
          {error}
        </Alert>
      </Form>
    </section>
  );
}
