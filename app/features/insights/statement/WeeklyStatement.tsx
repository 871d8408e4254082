// The weekly visibility statement on the insights page: for the days of the week the listing was public, its
// impressions beside the median listing on the same plan in the same region on their days public, in plain
// words; nothing but that plainly said for a week it was not public; and the e-mail opt-in (a plain form
// POST, so it works without JavaScript). docs/decisions/0030-weekly-visibility-statement.md, 0051.
import { Form } from "@remix-run/react";
import { Alert } from "~/ui/Alert";
import { comparisonWords, dayWords, decimal, publicWords, shareWords, weekWords } from "./statement";
import type { Statement, StatementPart, Week } from "./statement";

type Props = {
  statement: Statement | null;
  /** The listing is public now: the page says when the statement of the week it is in comes. */
  publicNow: boolean;
  /** The Monday that statement comes, YYYY-MM-DD. */
  nextStatement: string;
  emailOn: boolean;
  /** What the last toggle did, shown where the toggle is. */
  notice?: string | null;
  error?: string | null;
};

function Part({ week, part }: { week: Week; part: StatementPart }) {
  return (
    <div className="space-y-2 rounded-xl border border-line bg-panel p-4" data-testid="statement-part">
      <p data-testid="statement-public">{publicWords(week, part)}</p>
      <p>
        It was shown <strong data-testid="statement-impressions">{part.impressions}</strong>{" "}
        {part.impressions === 1 ? "time" : "times"} on the grid: {decimal(Math.round(part.perDay * 10) / 10)} a day
        while public.
      </p>
      <p data-testid="statement-comparison">{comparisonWords(part)}</p>
      {part.peers > 1 ? (
        <p className="text-sm text-muted" data-testid="statement-share">
          {shareWords(part)}
        </p>
      ) : null}
    </div>
  );
}

export function WeeklyStatement({ statement, publicNow, nextStatement, emailOn, notice, error }: Props) {
  if (!statement) return null;
  return (
    <section aria-labelledby="weekly-statement" className="space-y-3" data-testid="weekly-statement">
      <h2 id="weekly-statement" className="text-lg font-semibold">
        Last week&apos;s statement
      </h2>
      <p className="text-sm text-muted">{weekWords(statement.week)}, Monday to Sunday, NZ time.</p>
      {statement.parts.length === 0 ? (
        <div className="space-y-2 rounded-xl border border-line bg-panel p-4" data-testid="statement-none">
          <p>Your listing was not public that week, so there is nothing to compare and no statement for it.</p>
          <p className="text-sm text-muted">
            {publicNow
              ? `It is public now: the statement of the days it is public this week comes on ${dayWords(nextStatement)}.`
              : "A statement comes for every week it is public, for the days it was."}
          </p>
        </div>
      ) : (
        statement.parts.map((part) => <Part key={`${part.plan}-${part.region}`} week={statement.week} part={part} />)
      )}
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
