// The administrators' report queue: open reports oldest first, each with its age against the 48-hour
// handling window (overdue ones highlighted). Hide listing (live off, closes the listing's open reports)
// or Dismiss. Non-administrators get 404. The work is in app/features/moderation/reports-page.server.ts.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { AdminPage, EmptyQueue } from "~/features/moderation/AdminPage";
import { ReportCard } from "~/features/moderation/ReportCard";
import { reportsAction, reportsPage } from "~/features/moderation/reports-page.server";
import { Alert } from "~/ui/Alert";
import { FlashNotice } from "~/ui/FlashNotice";
import { pipeHeaders } from "~/platform/http/page-answer";
import { privateMeta } from "~/features/site/seo";

export const meta: MetaFunction = () => privateMeta("Reports");
export const headers = pipeHeaders;

export const loader = ({ request, context }: LoaderFunctionArgs) => reportsPage(request, context);

export const action = ({ request, context }: ActionFunctionArgs) => reportsAction(request, context);

export default function ReportQueue() {
  const { reports, notice } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const busy = useNavigation().state !== "idle";
  const overdue = reports.filter((r) => r.age.overdue).length;
  return (
    <AdminPage
      title="Reports"
      lead="Reports from visitors, oldest first. Each must be handled within 48 hours of arriving."
    >
      {result && "error" in result ? (
        <Alert tone="error" reveal={result}>
          {result.error}
        </Alert>
      ) : (
        <FlashNotice notice={notice} />
      )}
      {overdue > 0 ? (
        <p className="font-semibold text-rose-200" data-testid="overdue-count">
          {overdue} {overdue === 1 ? "report is" : "reports are"} past the 48-hour window.
        </p>
      ) : null}
      {reports.length === 0 ? (
        <EmptyQueue>No open reports.</EmptyQueue>
      ) : (
        <ul className="space-y-4" aria-label="Open reports">
          {reports.map((r) => (
            <ReportCard key={r.id} report={r} busy={busy} />
          ))}
        </ul>
      )}
    </AdminPage>
  );
}
