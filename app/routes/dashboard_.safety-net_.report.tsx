// Report an incident to the Safety Net (docs/decisions/0023-safety-net.md); the work is in
// app/features/safety-net/pages.server.ts.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { InfoPage } from "~/features/site/InfoPage";
import { ReportForm } from "~/features/safety-net/components/ReportForm";
import type { ReportResult } from "~/features/safety-net/components/ReportForm";
import { reportAction, reportPage } from "~/features/safety-net/pages.server";
import { pipeHeaders } from "~/platform/http/page-answer";
import { privateMeta } from "~/features/site/seo";

export const meta: MetaFunction = () => privateMeta("Report an incident");
export const headers = pipeHeaders;

export const loader = ({ request, context }: LoaderFunctionArgs) => reportPage(request, context);
export const action = ({ request, context }: ActionFunctionArgs) => reportAction(request, context);

export default function ReportIncident() {
  const { regions, sentThisWeek, perWeek, today } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>() as ReportResult | undefined;
  return (
    <InfoPage
      title="Report an incident"
      lead="An administrator reads every report and writes the alert other verified providers see, without anything that identifies you. You can withdraw it at any time."
    >
      <p className="mb-4">
        <Link to="/dashboard/safety-net" className="inline-flex min-h-11 items-center text-accent underline">
          Back to the Safety Net
        </Link>
      </p>
      {sentThisWeek >= perWeek && !result ? (
        <p className="mb-4 text-amber-200">
          You have sent {sentThisWeek} reports in the last 7 days, the most we take from one account.
        </p>
      ) : null}
      <ReportForm regions={regions} today={today} result={result} />
    </InfoPage>
  );
}
