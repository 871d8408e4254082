// Subscriptions for administrators: filter by status, see failed renewals, grant free weeks, grant
// or revoke Featured for some weeks with a reason (each audited), and settle payments left open for more than
// two hours: ask the provider now, or give up (closed without a charge, with a reason, audited; decision 0015
// "Looking a payment up"). Non-administrators get 404; an administrator without a second factor is sent to set
// one up (requireAdminPage). The work is in app/features/billing/admin/subscriptions-page.server.ts.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { AdminPage } from "~/features/moderation/AdminPage";
import { Alert } from "~/ui/Alert";
import { pipeHeaders } from "~/platform/http/page-answer";
import { privateMeta } from "~/features/site/seo";
import { adminSubscriptionsAction, adminSubscriptionsPage } from "~/features/billing/admin/subscriptions-page.server";
import { SubscriptionFilters, Pager } from "~/features/billing/admin/SubscriptionFilters";
import { OpenPayments, StrayPayments } from "~/features/billing/admin/PaymentsToSettle";
import { FailedRenewals, SubscriptionsTable } from "~/features/billing/admin/SubscriptionsTable";

export const meta: MetaFunction = () => privateMeta("Subscriptions");
export const headers = pipeHeaders;

export const loader = ({ request, context }: LoaderFunctionArgs) => adminSubscriptionsPage(request, context);

export const action = ({ request, context }: ActionFunctionArgs) => adminSubscriptionsAction(request, context);

export default function AdminSubscriptions() {
  const { notice, query, total, counts, all, pages, subscriptions, failed, open, stray } =
    useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <AdminPage
      title="Subscriptions"
      lead="Every listing's plan, by status and plan, searchable by e-mail or listing name; failed renewals; free weeks; Featured granted without the plan."
    >
      <div className="space-y-8">
        {actionData && "error" in actionData ? (
          <Alert tone="error" reveal={actionData}>
            {actionData.error}
          </Alert>
        ) : null}
        {notice && !actionData ? (
          <Alert tone="success" reveal={notice} data-testid="grant-notice">
            {notice}
          </Alert>
        ) : null}
        {actionData && "message" in actionData ? (
          <Alert tone="success" reveal={actionData}>
            {actionData.message}
          </Alert>
        ) : null}
        <SubscriptionFilters query={query} counts={counts} all={all} total={total} />
        <SubscriptionsTable subscriptions={subscriptions} />
        <Pager query={query} pages={pages} />
        <FailedRenewals failed={failed} />
        <OpenPayments open={open} />
        <StrayPayments stray={stray} />
      </div>
    </AdminPage>
  );
}
