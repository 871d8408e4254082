// The administrators' home: what waits in each queue, each a link to it. An administrator who signs in
// without a page to go back to lands here (features/accounts/auth-redirect.ts, landingAfterLogin). Non-administrators get
// 404; an administrator without a second factor is sent to set one up (requireAdminPage).
import { data } from "@remix-run/cloudflare";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { AdminPage } from "~/features/moderation/AdminPage";
import { loadQueueCounts } from "~/features/moderation/admin-home.server";
import { queueCards } from "~/features/moderation/admin-home";
import { AdminQueues } from "~/features/moderation/AdminQueues";
import { loadSafetyNetWaiting } from "~/features/safety-net/waiting.server";
import { loadTakedownWaiting } from "~/features/takedowns/queue.server";
import { countOpenAppeals } from "~/features/review-service/appeals.server";
import { requireAdminPage } from "~/features/accounts/guards.server";
import { NO_STORE, pipeHeaders } from "~/platform/http/page-answer";
import { privateMeta } from "~/features/site/seo";

export const meta: MetaFunction = () => privateMeta("Administration");
export const headers = pipeHeaders;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const admin = await requireAdminPage(request, context);
  const now = Date.now();
  const { env } = context.cloudflare;
  const [counts, safetyNet, takedowns, appeals] = await Promise.all([
    loadQueueCounts(env, now),
    loadSafetyNetWaiting(env, now),
    loadTakedownWaiting(env, now),
    countOpenAppeals(env),
  ]);
  const queues = queueCards(
    { ...counts, safetyReports: safetyNet.reports, safetyCorrections: safetyNet.corrections, takedowns, appeals },
    now,
  );
  return data({ firstName: admin.firstName, queues }, { headers: NO_STORE });
}

export default function AdminHome() {
  const { firstName, queues } = useLoaderData<typeof loader>();
  return (
    <AdminPage title="Administration" lead={`Kia ora ${firstName}. What is waiting for you:`}>
      <AdminQueues queues={queues} />
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
