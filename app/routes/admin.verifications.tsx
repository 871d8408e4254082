// The administrators' verification queue: pending ID and photo requests with their images, oldest first.
// Approve sets verified (ID) or photoVerified (photos); Reject takes a reason the provider then sees on
// the dashboard. Either way the documents are deleted from R2 at once. Non-administrators get 404.
import {
  data,
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import type { SubmissionResult } from "@conform-to/react";
import { useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { AdminPage, EmptyQueue } from "~/features/moderation/AdminPage";
import { Alert } from "~/ui/Alert";
import { FlashNotice } from "~/ui/FlashNotice";
import { ERROR_MSG } from "~/features/site/messages";
import { formatNzTime } from "~/platform/time/date-text";
import { reportAge } from "~/features/moderation/reports";
import { parseReject } from "~/features/verification/components/RejectForm";
import { RequestCard } from "~/features/verification/components/RequestCard";
import { readFlash, setFlash } from "~/features/site/flash.server";
import { requireAdminPage } from "~/features/accounts/guards.server";
import { decideRequest } from "~/features/verification/decision.server";
import { sweepVerificationFiles } from "~/features/verification/files.server";
import { loadPendingRequests } from "~/features/verification/review-queue.server";
import { readForm } from "~/platform/http/body.server";
import { siteOrigin } from "~/platform/http/site-origin.server";
import { NO_STORE, pipeHeaders } from "~/platform/http/page-answer";
import { privateMeta } from "~/features/site/seo";

export const meta: MetaFunction = () => privateMeta("Verification requests");
export const headers = pipeHeaders;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { env, ctx } = context.cloudflare;
  await requireAdminPage(request, context);
  // Finishes any R2 delete that failed earlier (ID documents must not linger), after the answer.
  ctx.waitUntil(
    sweepVerificationFiles(env).catch((error: unknown) => console.error("verification sweep failed", error)),
  );
  const now = Date.now();
  const flash = await readFlash(request, env);
  const requests = (await loadPendingRequests(env)).map((r) => ({
    ...r,
    submitted: formatNzTime(r.createdAt),
    waiting: reportAge(r.createdAt, now).label,
  }));
  return data({ requests, notice: flash.notice }, { headers: flash.headers });
}

/** `result` is the reject form's state when the refusal was about its reason (shown under the field). */
type ActionResult = { error: string; requestId?: string; result?: SubmissionResult<string[]> };

export async function action({ request, context }: ActionFunctionArgs) {
  const { env, ctx } = context.cloudflare;
  const admin = await requireAdminPage(request, context);
  const form = await readForm(request);
  const intent = form?.get("intent");
  const requestId = form?.get("requestId");
  if (intent !== "approve" && intent !== "reject")
    return data<ActionResult>({ error: ERROR_MSG.unknownAction }, { status: 400, headers: NO_STORE });
  // The server's decision comes first (a request decided meanwhile is refused whatever the reason says).
  const result = await decideRequest(env, ctx, admin, requestId, intent, form?.get("reason"), {
    origin: siteOrigin(env, request),
  });
  if (!result.ok) {
    const reject = intent === "reject" && form ? parseReject(form) : null;
    return data<ActionResult>(
      {
        error: result.error,
        requestId: typeof requestId === "string" ? requestId : undefined,
        result: reject?.status === "error" ? reject.reply() : undefined,
      },
      { status: result.status, headers: NO_STORE },
    );
  }
  const notice = result.status === "approved" ? "requestApproved" : "requestRejected";
  throw redirect("/admin/verifications", { status: 303, headers: await setFlash(new Headers(NO_STORE), env, notice) });
}

export default function VerificationQueue() {
  const { requests, notice } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const busy = useNavigation().state !== "idle";
  // A refused reason is shown under its field; any other refusal above the queue.
  const pageError = result?.error && !result.result ? result.error : null;
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
            />
          ))}
        </ul>
      )}
    </AdminPage>
  );
}
