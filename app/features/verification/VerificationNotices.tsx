import { hideReasons } from "~/features/listings/visibility";
import { kindLabel } from "./verification";
import type { VerificationNotice } from "./verification";
import { nextStepAfterApproval, PARTLY_APPROVED, PHOTO_TICK, reopenedLines } from "./emails";
import { Alert } from "~/ui/Alert";
import { useFlashNotice } from "~/ui/FlashNotice";

/**
 * The dashboard's verification notices: the success message after a request was sent (spec §8; `sent` is
 * the one-shot flash notice the verification pages leave, so it also shows without JavaScript), requests
 * waiting for review, recent approvals with what happens next, and recent rejections with the
 * administrator's reason.
 */
export function VerificationNotices({
  sent,
  notices,
}: {
  sent: string | null;
  notices: readonly VerificationNotice[];
}) {
  const sentShown = useFlashNotice(sent);
  if (!sentShown && notices.length === 0) return null;
  const pending = notices.filter((n) => n.status === "pending");
  const rejected = notices.filter((n) => n.status === "rejected");
  const approved = notices.filter((n) => n.status === "approved");
  return (
    <section aria-label="Verification" className="space-y-3" data-testid="verification-notices">
      <Alert tone="success">{sentShown}</Alert>
      {pending.length > 0 ? (
        <div className="rounded-xl border border-line bg-panel p-4">
          <p className="font-semibold">Waiting for review</p>
          <ul className="mt-1 list-disc space-y-1 pl-5 text-sm text-zinc-300">
            {pending.map((n) => (
              <li key={n.requestId}>
                {kindLabel(n.kind)} for {n.listingName}: our team usually replies within 24-48 hours.
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {approved.map((n) => (
        <Alert key={n.requestId} tone="success" role="note" data-testid="verification-approved">
          <p className="font-semibold">
            {kindLabel(n.kind)} for {n.listingName} was{" "}
            {n.kind === "photo" && n.reason ? "partly approved" : "approved"}.
          </p>
          {n.kind === "photo" && n.reason ? <PartlyApproved notice={n} /> : null}
          {n.kind === "id" && !n.rereview ? (
            <p className="mt-1">
              {nextStepAfterApproval(n.listing)}
              {hideReasons(n.listing)[0] === "unpaid" ? (
                <>
                  {" "}
                  <a className="underline underline-offset-2" href="/subscriptions">
                    Choose a plan
                  </a>
                </>
              ) : null}
            </p>
          ) : null}
          {n.kind === "id" && !n.rereview ? (
            <p className="mt-1 text-sm" data-testid="photo-tick-note">
              {PHOTO_TICK.lead}{" "}
              <a className="underline underline-offset-2" href="/photo-verification">
                {PHOTO_TICK.link}
              </a>{" "}
              {PHOTO_TICK.tail}
            </p>
          ) : null}
        </Alert>
      ))}
      {rejected.map((n) => (
        <Alert key={n.requestId} tone="warning" role="note" data-testid="verification-rejected">
          <p className="font-semibold">
            {kindLabel(n.kind)} for {n.listingName} was not approved.
          </p>
          <p className="mt-1 whitespace-pre-wrap break-words">Reason: {n.reason}</p>
          {n.reopened ? (
            <Reopened notice={n} />
          ) : (
            <p className="mt-2 text-sm">
              You can send a new request from{" "}
              <a
                className="underline underline-offset-2"
                href={n.kind === "id" ? "/verification" : "/photo-verification"}
              >
                {n.kind === "id" ? "Get Verified" : "Verify Photos"}
              </a>
              , or appeal this decision once: another administrator looks at it (
              <a className="underline underline-offset-2" href={`/appeal/${n.kind}/${n.requestId}`}>
                Appeal
              </a>
              ).
            </p>
          )}
        </Alert>
      ))}
    </section>
  );
}

/** A photo request decided photo by photo with some photos refused: the refusals' reasons and where to see each. */
function PartlyApproved({ notice: n }: { notice: VerificationNotice }) {
  const [lead, reason, next] = PARTLY_APPROVED(n.listingName, n.reason);
  return (
    <div className="mt-1 space-y-1" data-testid="verification-partly">
      <p>{lead}</p>
      <p className="whitespace-pre-wrap break-words">{reason}</p>
      {n.reopened ? (
        <Reopened notice={n} />
      ) : (
        <p className="text-sm">
          <a className="underline underline-offset-2" href="/photo-verification">
            {next}
          </a>{" "}
          (
          <a className="underline underline-offset-2" href={`/appeal/photo/${n.requestId}`}>
            Appeal
          </a>
          )
        </p>
      )}
    </div>
  );
}

/** An appeal against the refusal was upheld: new documents or photos, first in the queue (decision 0068). */
function Reopened({ notice: n }: { notice: VerificationNotice }) {
  const [why, next] = reopenedLines(n.kind);
  return (
    <div className="mt-2 space-y-1 text-sm" data-testid="verification-reopened">
      <p className="font-semibold">Your appeal was upheld.</p>
      <p>{why}</p>
      <p>
        <a className="underline underline-offset-2" href={n.kind === "id" ? "/verification" : "/photo-verification"}>
          {next}
        </a>
      </p>
    </div>
  );
}
