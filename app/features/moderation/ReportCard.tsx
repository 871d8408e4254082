import type { ReactNode } from "react";
import { Form, Link } from "@remix-run/react";
import { Button } from "~/ui/Button";
import type { ReportAge } from "./reports";

/** An open report as the queue shows it (reports.server.ts, loadOpenReports), with its reason and age in words. */
export type QueuedReport = {
  id: string;
  listingId: string;
  listingName: string;
  listingLive: boolean;
  reasonLabel: string;
  details: string | null;
  contact: string | null;
  received: string;
  age: ReportAge;
};

/** One open report in the administrators' queue: what it says, how long it has waited, Hide listing or Dismiss. */
export function ReportCard({ report: r, busy }: { report: QueuedReport; busy: boolean }) {
  return (
    <li
      className={`space-y-3 rounded-2xl border bg-panel p-5 ${r.age.overdue ? "border-rose-400" : "border-line"}`}
      data-testid="report"
      data-overdue={r.age.overdue}
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="text-lg font-semibold">
          <Link to={`/view/${r.listingId}`} className="text-accent underline underline-offset-2">
            {r.listingName}
          </Link>
          : {r.reasonLabel}
        </h2>
        <p className="text-sm">
          {r.age.overdue ? (
            <span className="mr-2 rounded-full bg-rose-600 px-2 py-0.5 text-xs font-bold text-white">Overdue</span>
          ) : null}
          <span className={r.age.overdue ? "text-rose-200" : "text-muted"}>
            Received {r.received}, waiting {r.age.label}
          </span>
        </p>
      </div>
      {r.details ? (
        <p className="whitespace-pre-wrap break-words text-zinc-200">{r.details}</p>
      ) : (
        <p className="text-muted">No details given.</p>
      )}
      {r.contact ? <p className="text-sm text-zinc-300">Reporter's contact: {r.contact}</p> : null}
      <p className="text-sm text-muted">{r.listingLive ? "The listing is live." : "The listing is already hidden."}</p>
      <div className="flex flex-wrap gap-3">
        <ReportDecision intent="hide" reportId={r.id}>
          <Button type="submit" variant="danger" disabled={busy} aria-label={`Hide listing ${r.listingName}`}>
            Hide listing
          </Button>
        </ReportDecision>
        <ReportDecision intent="dismiss" reportId={r.id}>
          <Button
            type="submit"
            variant="secondary"
            disabled={busy}
            aria-label={`Dismiss report about ${r.listingName}`}
          >
            Dismiss
          </Button>
        </ReportDecision>
      </div>
    </li>
  );
}

/** A decision on one report: a form posting its intent and the report's id (works without JavaScript). */
function ReportDecision({ intent, reportId, children }: { intent: string; reportId: string; children: ReactNode }) {
  return (
    <Form method="post">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="reportId" value={reportId} />
      {children}
    </Form>
  );
}
