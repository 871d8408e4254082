import type { SubmissionResult } from "@conform-to/react";
import { Form, Link } from "@remix-run/react";
import { Alert } from "~/ui/Alert";
import { Button } from "~/ui/Button";
import { ID_DOCUMENT_INFO, kindLabel } from "../verification";
import type { PendingRequest } from "../pending-request";
import { RejectForm } from "./RejectForm";
import { RequestFiles } from "./RequestFiles";
import { PhotoComparison } from "./PhotoComparison";
import { PhotoDecisionForm } from "./PhotoDecisionForm";

/** A pending request as the queue shows it, with when it was sent and how long it has waited, in words. */
export type QueuedRequest = PendingRequest & { submitted: string; waiting: string };

/** One request in the administrators' queue: the listing, the documents, Approve, and Reject with a reason. */
export function RequestCard({
  request: r,
  busy,
  lastResult,
  photoErrors,
}: {
  request: QueuedRequest;
  busy: boolean;
  /** The reject form's state when the last refusal was about this request's reason. */
  lastResult?: SubmissionResult<string[]>;
  /** The per-photo form's messages by field, when the last refusal was about this request. */
  photoErrors?: Record<string, string>;
}) {
  const label = r.rereview ? "Re-review after changes" : kindLabel(r.kind);
  const who = `${label} for ${r.listingName}`;
  return (
    <li className="space-y-4 rounded-2xl border border-line bg-panel p-5" data-testid="verification-request">
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
        {r.listingPhotoVerified ? "cover photo verified" : "cover photo not verified"}
        {r.documentType ? (
          <span className="block" data-testid="verification-document">
            Document: {ID_DOCUMENT_INFO[r.documentType].name}
          </span>
        ) : null}
      </p>
      {r.fastTrack ? (
        <Alert tone="info" role="note" data-testid="fast-track">
          First in the queue: an appeal against an earlier refusal of this listing was upheld, and these are the new
          documents it asked for.
        </Alert>
      ) : null}
      {r.rereview ? (
        <Alert tone="warning" role="note" data-testid="rereview-changes">
          This ID-verified listing changed: {r.changes}. Compare the listing with what was verified; approve to keep it
          verified, or reject to withdraw its verification (it then leaves the site).
        </Alert>
      ) : null}
      {r.kind === "photo" ? <PhotoComparison request={r} /> : null}
      {r.kind === "photo" && r.photosToCheck.length > 1 ? (
        <PhotoDecisionForm requestId={r.id} who={who} photos={r.photosToCheck} busy={busy} errors={photoErrors} />
      ) : null}
      {r.fileCount ? <RequestFiles request={r} /> : null}
      <div className="flex flex-wrap items-start gap-4">
        <Form method="post">
          <input type="hidden" name="intent" value="approve" />
          <input type="hidden" name="requestId" value={r.id} />
          <Button type="submit" disabled={busy} aria-label={`Approve ${who}`}>
            Approve
          </Button>
        </Form>
        <RejectForm requestId={r.id} who={who} busy={busy} lastResult={lastResult} />
      </div>
    </li>
  );
}
