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
import { getFormProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseForm } from "~/ui/form-submission";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { z } from "zod";
import { AdminPage } from "~/features/moderation/AdminPage";
import { Alert } from "~/ui/Alert";
import { Button } from "~/ui/Button";
import { Field } from "~/ui/Field";
import { FlashNotice } from "~/ui/FlashNotice";
import { ERROR_MSG } from "~/features/site/messages";
import { formatNzTime } from "~/platform/time/date-text";
import { reportAge } from "~/features/moderation/reports";
import {
  fileLabelsFor,
  ID_DOCUMENT_INFO,
  kindLabel,
  parseRejectReason,
  REJECT_REASON_MAX,
} from "~/features/verification/verification";
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

/** The reject form's one field, judged by the rule the server applies when it decides (parseRejectReason). */
const rejectSchema = z.object({
  reason: z.unknown().superRefine((value, ctx) => {
    const parsed = parseRejectReason(value);
    if (!parsed.ok) ctx.addIssue({ code: "custom", message: parsed.error });
  }),
});

const parseReject = (form: FormData) => parseForm(form, rejectSchema);

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
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  // A refused reason is shown under its field; any other refusal above the queue.
  const pageError = result?.error && !result.result ? result.error : null;
  return (
    <AdminPage
      title="Verification requests"
      lead="Compare each document with the listing, then approve or reject. Documents are deleted as soon as you decide, and are never shown to anyone else."
    >
      {pageError ? <Alert tone="error">{pageError}</Alert> : result?.error ? null : <FlashNotice notice={notice} />}
      {requests.length === 0 ? (
        <p className="rounded-xl border border-line bg-panel p-6 text-center text-muted">
          No requests are waiting for review.
        </p>
      ) : (
        <ul className="space-y-6" aria-label="Pending requests">
          {requests.map((r) => {
            const label = r.rereview ? "Re-review after changes" : kindLabel(r.kind);
            const who = `${label} for ${r.listingName}`;
            return (
              <li
                key={r.id}
                className="space-y-4 rounded-2xl border border-line bg-panel p-5"
                data-testid="verification-request"
              >
                <div className="flex flex-wrap items-baseline justify-between gap-2">
                  <h2 className="text-xl font-semibold">
                    {label}:{" "}
                    <Link to={`/view/${r.listingId}`} className="text-accent underline underline-offset-2">
                      {r.listingName}
                    </Link>
                  </h2>
                  <p className="text-sm text-muted">
                    Sent {r.submitted} ({r.waiting} ago) by account “{r.accountName}”
                  </p>
                </div>
                <p className="text-sm text-zinc-300">
                  {r.location || "No region"} · {r.listingVerified ? "Listing verified" : "Listing not verified"} ·{" "}
                  {r.listingPhotoVerified ? "photos verified" : "photos not verified"}
                  {r.documentType ? (
                    <span className="block" data-testid="verification-document">
                      Document: {ID_DOCUMENT_INFO[r.documentType].name}
                    </span>
                  ) : null}
                </p>
                {r.rereview ? (
                  <Alert tone="warning" role="note" data-testid="rereview-changes">
                    This ID-verified listing changed: {r.changes}. Compare the listing with what was verified; approve
                    to keep it verified, or reject to withdraw its verification (it then leaves the site).
                  </Alert>
                ) : null}
                <div className={`grid gap-3 ${r.kind === "id" ? "sm:grid-cols-2" : "sm:grid-cols-3"}`}>
                  {fileLabelsFor(r.kind, r.documentType, r.fileCount).map((label, i) => (
                    <figure key={label} className="space-y-1">
                      {/* A small copy in the queue; the original only when opened (routes/admin.verification-files…). */}
                      <a
                        href={`/admin/verification-files/${r.id}/${i}`}
                        target="_blank"
                        rel="noreferrer"
                        className="block"
                      >
                        <img
                          src={`/admin/verification-files/${r.id}/${i}?size=thumb`}
                          alt={`${label}, ${r.listingName}`}
                          loading="lazy"
                          decoding="async"
                          referrerPolicy="no-referrer"
                          className="max-h-60 w-full rounded-lg border border-line bg-ink object-contain"
                          data-testid="verification-image"
                        />
                      </a>
                      <figcaption className="flex flex-wrap justify-between gap-2 text-sm text-muted">
                        <span>{label}</span>
                        <a
                          href={`/admin/verification-files/${r.id}/${i}`}
                          target="_blank"
                          rel="noreferrer"
                          className="text-accent underline underline-offset-2"
                          aria-label={`Open the original: ${label}, ${r.listingName}`}
                        >
                          Open the original
                        </a>
                      </figcaption>
                    </figure>
                  ))}
                </div>
                <div className="flex flex-wrap items-start gap-4">
                  <Form method="post">
                    <input type="hidden" name="intent" value="approve" />
                    <input type="hidden" name="requestId" value={r.id} />
                    <Button type="submit" disabled={busy} aria-label={`Approve ${who}`}>
                      Approve
                    </Button>
                  </Form>
                  <RejectForm
                    requestId={r.id}
                    who={who}
                    busy={busy}
                    lastResult={result?.requestId === r.id ? result.result : undefined}
                  />
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </AdminPage>
  );
}

/** Reject with a reason: checked in the browser by the server's rule before it is sent, and again on arrival. */
function RejectForm({
  requestId,
  who,
  busy,
  lastResult,
}: {
  requestId: string;
  who: string;
  busy: boolean;
  lastResult?: SubmissionResult<string[]>;
}) {
  const [form, fields] = useForm({
    id: `reject-${requestId}`,
    lastResult,
    onValidate: ({ formData }) => parseReject(formData),
    // Before JavaScript runs, the browser's own check (required) still stops an empty reason.
    defaultNoValidate: false,
  });
  return (
    <Form method="post" {...getFormProps(form)} className="flex min-w-0 flex-1 flex-wrap items-end gap-2">
      <input type="hidden" name="intent" value="reject" />
      <input type="hidden" name="requestId" value={requestId} />
      <Field
        variant="compact"
        className="min-w-0 flex-1"
        label="Reason for rejecting (the provider sees this)"
        errors={fields.reason.errors}
        textarea={{ ...getTextareaProps(fields.reason), required: true, maxLength: REJECT_REASON_MAX, rows: 2 }}
      />
      <Button type="submit" variant="danger" disabled={busy} aria-label={`Reject ${who}`}>
        Reject
      </Button>
    </Form>
  );
}
