// The administrators' Safety Net queue (docs/decisions/0023-safety-net.md). Non-administrators get 404;
// the work is in app/features/safety-net/moderation-page.server.ts.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { AdminPage } from "~/features/moderation/AdminPage";
import { ModerationQueue } from "~/features/safety-net/components/ModerationQueue";
import type { ModerationResult } from "~/features/safety-net/components/moderation-views";
import { moderationAction, moderationPage } from "~/features/safety-net/moderation-page.server";
import { pipeHeaders } from "~/platform/http/page-answer";
import { privateMeta } from "~/features/site/seo";

export const meta: MetaFunction = () => privateMeta("Safety Net");
export const headers = pipeHeaders;

export const loader = ({ request, context }: LoaderFunctionArgs) => moderationPage(request, context);
export const action = ({ request, context }: ActionFunctionArgs) => moderationAction(request, context);

export default function SafetyNetModeration() {
  const { queue, waitingTotal, alerts, corrections, suspensions } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>() as ModerationResult | undefined;
  return (
    <AdminPage
      title="Safety Net"
      lead="Incident reports from verified providers, oldest first, and correction requests from people who were reported: decide each within 48 hours. Write the alert without anything that identifies the reporter."
    >
      <ModerationQueue
        queue={queue}
        waitingTotal={waitingTotal}
        alerts={alerts}
        corrections={corrections}
        suspensions={suspensions}
        result={result}
      />
    </AdminPage>
  );
}
