// The administrators' verification queue: pending ID and photo requests with their images, oldest first.
// Approve sets verified (ID) or photoVerified (photos); Reject takes a reason the provider then sees on
// the dashboard. Either way the documents are deleted from R2 at once. Non-administrators get 404.
import {
  data,
  redirect,
  type ActionFunctionArgs,
  type HeadersFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation, useSearchParams } from "@remix-run/react";
import { ADMIN_DANGER, ADMIN_PRIMARY, AdminPage, Notice } from "~/components/admin/AdminPage";
import { formatNzTime } from "~/lib/moderation";
import { reportAge } from "~/lib/reports";
import { kindLabel, REJECT_REASON_MAX } from "~/lib/verification";
import { requireAdminPage } from "~/server/moderation.server";
import { decideRequest, loadPendingRequests, sweepVerificationFiles } from "~/server/verification.server";
import { readForm } from "~/server/http/body.server";

export const meta: MetaFunction = () => [
  { title: "Verification requests | Kiwi Companions" },
  { name: "robots", content: "noindex" },
];
export const headers: HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

const NO_STORE = { "Cache-Control": "no-store" };

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { env, ctx } = context.cloudflare;
  await requireAdminPage(request, context);
  // Finishes any R2 delete that failed earlier (ID documents must not linger), after the answer.
  ctx.waitUntil(
    sweepVerificationFiles(env).catch((error: unknown) => console.error("verification sweep failed", error)),
  );
  const now = Date.now();
  const requests = (await loadPendingRequests(env)).map((r) => ({
    ...r,
    submitted: formatNzTime(r.createdAt),
    waiting: reportAge(r.createdAt, now).label,
  }));
  return data({ requests }, { headers: NO_STORE });
}

type ActionResult = { error: string; requestId?: string };

export async function action({ request, context }: ActionFunctionArgs) {
  const { env, ctx } = context.cloudflare;
  const admin = await requireAdminPage(request, context);
  const form = await readForm(request);
  const intent = form?.get("intent");
  const requestId = form?.get("requestId");
  if (intent !== "approve" && intent !== "reject")
    return data<ActionResult>({ error: "Unknown action" }, { status: 400, headers: NO_STORE });
  const result = await decideRequest(env, ctx, admin, requestId, intent, form?.get("reason"));
  if (!result.ok) {
    return data<ActionResult>(
      { error: result.error, requestId: typeof requestId === "string" ? requestId : undefined },
      { status: result.status, headers: NO_STORE },
    );
  }
  throw redirect(`/admin/verifications?done=${result.status}`, { status: 303, headers: NO_STORE });
}

const DONE: Record<string, string> = {
  approved: "Request approved. The documents have been deleted.",
  rejected: "Request rejected. The provider will see your reason on their dashboard; the documents have been deleted.",
};

function fileLabels(kind: "id" | "photo", n: number): string[] {
  return kind === "id"
    ? ["Front of licence", "Back of licence"]
    : Array.from({ length: n }, (_, i) => `Verification photo ${i + 1}`);
}

export default function VerificationQueue() {
  const { requests } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const [params] = useSearchParams();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const done = params.get("done");
  return (
    <AdminPage
      title="Verification requests"
      lead="Compare each document with the listing, then approve or reject. Documents are deleted as soon as you decide, and are never shown to anyone else."
    >
      {result?.error ? (
        <Notice tone="error">{result.error}</Notice>
      ) : done && DONE[done] ? (
        <Notice tone="ok">{DONE[done]}</Notice>
      ) : null}
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
                </p>
                {r.rereview ? (
                  <p
                    className="rounded-lg border border-amber-400/60 bg-amber-950/40 p-3 text-amber-50"
                    data-testid="rereview-changes"
                  >
                    This ID-verified listing changed: {r.changes}. Compare the listing with what was verified; approve
                    to keep it verified, or reject to withdraw its verification (it then leaves the site).
                  </p>
                ) : null}
                <div className={`grid gap-3 ${r.kind === "id" ? "sm:grid-cols-2" : "sm:grid-cols-3"}`}>
                  {fileLabels(r.kind, r.fileCount).map((label, i) => (
                    <figure key={label} className="space-y-1">
                      <a
                        href={`/admin/verification-files/${r.id}/${i}`}
                        target="_blank"
                        rel="noreferrer"
                        className="block"
                      >
                        <img
                          src={`/admin/verification-files/${r.id}/${i}`}
                          alt={`${label}, ${r.listingName}`}
                          loading="lazy"
                          referrerPolicy="no-referrer"
                          className="max-h-80 w-full rounded-lg border border-line bg-ink object-contain"
                          data-testid="verification-image"
                        />
                      </a>
                      <figcaption className="text-sm text-muted">{label}</figcaption>
                    </figure>
                  ))}
                </div>
                <div className="flex flex-wrap items-start gap-4">
                  <Form method="post">
                    <input type="hidden" name="intent" value="approve" />
                    <input type="hidden" name="requestId" value={r.id} />
                    <button type="submit" className={ADMIN_PRIMARY} disabled={busy} aria-label={`Approve ${who}`}>
                      Approve
                    </button>
                  </Form>
                  <Form method="post" className="flex min-w-0 flex-1 flex-wrap items-end gap-2">
                    <input type="hidden" name="intent" value="reject" />
                    <input type="hidden" name="requestId" value={r.id} />
                    <div className="min-w-0 flex-1 space-y-1">
                      <label htmlFor={`reason-${r.id}`} className="block text-sm font-medium">
                        Reason for rejecting (the provider sees this)
                      </label>
                      <textarea
                        id={`reason-${r.id}`}
                        name="reason"
                        required
                        maxLength={REJECT_REASON_MAX}
                        rows={2}
                        className="w-full rounded-lg border border-line bg-ink p-2 text-base"
                        aria-invalid={result?.requestId === r.id ? true : undefined}
                      />
                    </div>
                    <button type="submit" className={ADMIN_DANGER} disabled={busy} aria-label={`Reject ${who}`}>
                      Reject
                    </button>
                  </Form>
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </AdminPage>
  );
}
