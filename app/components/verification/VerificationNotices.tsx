import { useSearchParams } from "@remix-run/react";
import { kindLabel, sentMessage, SENT_PARAM, type VerificationNotice } from "~/lib/verification";

/**
 * The dashboard's verification notices: the success message after a request was sent (spec §8, carried
 * as ?verification=sent so it also shows without JavaScript), requests waiting for review, and recent
 * rejections with the administrator's reason.
 */
export function VerificationNotices({ notices }: { notices: readonly VerificationNotice[] }) {
  const [params] = useSearchParams();
  const sent = sentMessage(params.get(SENT_PARAM));
  if (!sent && notices.length === 0) return null;
  const pending = notices.filter((n) => n.status === "pending");
  const rejected = notices.filter((n) => n.status === "rejected");
  return (
    <section aria-label="Verification" className="space-y-3" data-testid="verification-notices">
      {sent ? (
        <p role="status" className="rounded-xl border border-emerald-500/60 bg-emerald-950/60 p-4 text-emerald-100">
          {sent}
        </p>
      ) : null}
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
      {rejected.map((n) => (
        <div
          key={n.requestId}
          role="note"
          className="rounded-xl border border-amber-400/70 bg-amber-950/50 p-4 text-amber-50"
          data-testid="verification-rejected"
        >
          <p className="font-semibold">
            {kindLabel(n.kind)} for {n.listingName} was not approved.
          </p>
          <p className="mt-1 whitespace-pre-wrap break-words">Reason: {n.reason}</p>
          <p className="mt-2 text-sm">
            You can send a new request from{" "}
            <a
              className="underline underline-offset-2"
              href={n.kind === "id" ? "/verification" : "/photo-verification"}
            >
              {n.kind === "id" ? "Get Verified" : "Verify Photos"}
            </a>
            .
          </p>
        </div>
      ))}
    </section>
  );
}
