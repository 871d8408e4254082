// The administrators' report queue: open reports oldest first, each with its age against the 48-hour
// handling window (overdue ones highlighted). Hide listing (live off, closes the listing's open reports)
// or Dismiss. Non-administrators get 404.
import {
  data,
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import { useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { AdminPage, EmptyQueue } from "~/features/moderation/AdminPage";
import { ReportCard } from "~/features/moderation/ReportCard";
import { Alert } from "~/ui/Alert";
import { FlashNotice } from "~/ui/FlashNotice";
import { ERROR_MSG } from "~/features/site/messages";
import { formatNzTime } from "~/platform/time/date-text";
import { reportAge, reportReasonLabel } from "~/features/moderation/reports";
import { readFlash, setFlash } from "~/features/site/flash.server";
import { requireAdminPage } from "~/features/accounts/guards.server";
import { handleReport, loadOpenReports } from "~/features/moderation/reports.server";
import { readForm } from "~/platform/http/body.server";
import { NO_STORE, pipeHeaders } from "~/platform/http/page-answer";
import { privateMeta } from "~/features/site/seo";

export const meta: MetaFunction = () => privateMeta("Reports");
export const headers = pipeHeaders;

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdminPage(request, context);
  const now = Date.now();
  const flash = await readFlash(request, context.cloudflare.env);
  const reports = (await loadOpenReports(context.cloudflare.env)).map((r) => ({
    ...r,
    reasonLabel: reportReasonLabel(r.reason),
    received: formatNzTime(r.createdAt),
    age: reportAge(r.createdAt, now),
  }));
  return data({ reports, notice: flash.notice }, { headers: flash.headers });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { env, ctx } = context.cloudflare;
  const admin = await requireAdminPage(request, context);
  const form = await readForm(request);
  const intent = form?.get("intent");
  if (intent !== "hide" && intent !== "dismiss")
    return data({ error: ERROR_MSG.unknownAction }, { status: 400, headers: NO_STORE });
  const result = await handleReport(env, ctx, admin, form?.get("reportId"), intent);
  if (!result.ok) return data({ error: result.error }, { status: result.status, headers: NO_STORE });
  const notice = intent === "hide" ? "reportHidden" : "reportDismissed";
  throw redirect("/admin/reports", { status: 303, headers: await setFlash(new Headers(NO_STORE), env, notice) });
}

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
