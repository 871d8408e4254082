// The administrators' home: what waits in each queue, each a link to it. An administrator who signs in
// without a page to go back to lands here (features/accounts/auth-redirect.ts, landingAfterLogin). Non-administrators get
// 404; an administrator without a second factor is sent to set one up (requireAdminPage).
import { data } from "@remix-run/cloudflare";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { AdminPage } from "~/features/moderation/AdminPage";
import { loadQueueCounts } from "~/features/moderation/admin-home.server";
import { requireAdminPage } from "~/features/accounts/guards.server";
import { NO_STORE, pipeHeaders } from "~/platform/http/page-answer";
import { privateMeta } from "~/features/site/seo";

export const meta: MetaFunction = () => privateMeta("Administration");
export const headers = pipeHeaders;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const admin = await requireAdminPage(request, context);
  const counts = await loadQueueCounts(context.cloudflare.env);
  return data({ firstName: admin.firstName, counts }, { headers: NO_STORE });
}

type Queue = { key: string; label: string; count: number; to: string; none: string; what: string };

export default function AdminHome() {
  const { firstName, counts } = useLoaderData<typeof loader>();
  const queues: Queue[] = [
    {
      key: "verifications",
      label: "Verifications waiting",
      count: counts.verifications,
      to: "/admin/verifications",
      none: "No requests waiting.",
      what: "ID and photo checks to approve or refuse, oldest first.",
    },
    {
      key: "reports",
      label: "Reports open",
      count: counts.reports,
      to: "/admin/reports",
      none: "No open reports.",
      what: "Visitors' reports to handle within 48 hours.",
    },
    {
      key: "open-payments",
      label: "Payments left open",
      count: counts.openPayments,
      to: "/admin/subscriptions#open-title",
      none: "No payments left open.",
      what: "Open for more than two hours: ask the provider, or give up.",
    },
    {
      key: "stray-payments",
      label: "Payments that bought nothing",
      count: counts.strayPayments,
      to: "/admin/subscriptions#stray-title",
      none: "Nothing to refund.",
      what: "Refunds still to send or to confirm.",
    },
    {
      key: "failed-renewals",
      label: "Failed renewals",
      count: counts.failedRenewals,
      to: "/admin/subscriptions?status=past_due",
      none: "No failed renewals.",
      what: "Past due: the second attempt is still to come.",
    },
  ];
  return (
    <AdminPage title="Administration" lead={`Kia ora ${firstName}. What is waiting for you:`}>
      <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3" data-testid="admin-queues">
        {queues.map((q) => (
          <li key={q.key}>
            <Link
              to={q.to}
              className="flex min-h-11 flex-col gap-1 rounded-2xl border border-line p-4 hover:bg-panel focus-visible:outline focus-visible:outline-2 focus-visible:outline-accent"
              data-testid={`queue-${q.key}`}
              data-count={q.count}
            >
              <span className="flex items-baseline justify-between gap-3">
                <span className="font-semibold">{q.label}</span>
                <span className={`text-2xl font-bold ${q.count > 0 ? "text-accent" : "text-muted"}`}>{q.count}</span>
              </span>
              <span className="text-sm text-muted">{q.count > 0 ? q.what : q.none}</span>
            </Link>
          </li>
        ))}
      </ul>
      <p className="text-muted">
        Every administrator action, newest first, is in the{" "}
        <Link to="/admin/audit" className="text-accent underline underline-offset-2">
          audit log
        </Link>
        .
      </p>
    </AdminPage>
  );
}
