// The administrators' verification queue: pending ID and photo requests with their images, oldest first.
// Approve sets verified (ID) or photoVerified (photos); Reject takes a reason the provider then sees on
// the dashboard. Either way the documents are deleted from R2 at once. Non-administrators get 404.
// The work is in app/features/verification/review-page.server.ts.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { AdminPage, EmptyQueue } from "~/features/moderation/AdminPage";
import { Alert } from "~/ui/Alert";
import { FlashNotice } from "~/ui/FlashNotice";
import { RequestCard } from "~/features/verification/components/RequestCard";
import { verificationsAction, verificationsPage } from "~/features/verification/review-page.server";
import { pipeHeaders } from "~/platform/http/page-answer";
import { privateMeta } from "~/features/site/seo";

export const meta: MetaFunction = () => privateMeta("Verification requests");
export const headers = pipeHeaders;

export const loader = ({ request, context }: LoaderFunctionArgs) => verificationsPage(request, context);

export const action = ({ request, context }: ActionFunctionArgs) => verificationsAction(request, context);

export default function VerificationQueue() {
  const { requests, notice } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const busy = useNavigation().state !== "idle";
  // A refused reason is shown under its field; any other refusal above the queue.
  const pageError = result?.error && !result.result && !result.errors ? result.error : null;
  return (
    <AdminPage
      title="Verification requests"
      lead="Compare each document with the listing, then approve or reject. Documents are deleted as soon as you decide, and are never shown to anyone else."
    >
      {pageError ? <Alert tone="error">{pageError}</Alert> : result?.error ? null : <FlashNotice notice={notice} />}
      {requests.length === 0 ? (
        <EmptyQueue>No requests are waiting for review.</EmptyQueue>
      ) : (
        <ul className="space-y-6" aria-label="Pending requests">
          {requests.map((r) => (
            <RequestCard
              key={r.id}
              request={r}
              busy={busy}
              lastResult={result?.requestId === r.id ? result.result : undefined}
              photoErrors={result?.requestId === r.id ? result.errors : undefined}
            />
          ))}
        </ul>
      )}
    </AdminPage>
  );
}
