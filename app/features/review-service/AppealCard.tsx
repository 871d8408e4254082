// One open appeal in the administrators' queue: the refusal and its reason, the appellant's words, and the
// decision, refused to the administrator who made the refusal when there is another one
// (docs/decisions/0064-review-times-and-appeals.md).
import { Form } from "@remix-run/react";
import { Button } from "~/ui/Button";
import { APPEAL_KIND_LABELS, APPEAL_REASON_MAX, mayDecide } from "./appeal-rules";
import type { AppealKind } from "./appeal-rules";

export type AppealCardData = {
  id: string;
  kind: AppealKind;
  side: "owner" | "complainant";
  listingName: string;
  refusal: string;
  refusedBy: string;
  message: string;
  received: string;
};

export function AppealCard({
  appeal,
  adminId,
  administrators,
  busy,
  error,
}: {
  appeal: AppealCardData;
  adminId: string;
  administrators: number;
  busy: boolean;
  error?: string;
}) {
  const allowed = mayDecide(adminId, appeal.refusedBy, administrators);
  return (
    <li className="space-y-3 rounded-2xl border border-line bg-panel p-4" data-testid="appeal">
      <h2 className="text-lg font-semibold">
        {APPEAL_KIND_LABELS[appeal.kind]}: {appeal.listingName}
      </h2>
      <p className="text-sm text-muted">
        Received {appeal.received} · from the {appeal.side === "owner" ? "listing's owner" : "person who complained"}
      </p>
      <div>
        <p className="text-sm text-muted">The refusal's reason</p>
        <p className="whitespace-pre-line break-words">{appeal.refusal || "No reason was recorded."}</p>
      </div>
      <div>
        <p className="text-sm text-muted">The appeal</p>
        <p className="whitespace-pre-line break-words">{appeal.message}</p>
      </div>
      {error ? (
        <p role="alert" className="text-sm text-rose-200">
          {error}
        </p>
      ) : null}
      {allowed ? (
        <Form method="post" className="space-y-3">
          <input type="hidden" name="appealId" value={appeal.id} />
          <label className="block text-sm font-medium" htmlFor={`appeal-reason-${appeal.id}`}>
            Reason (the appellant reads it)
          </label>
          <textarea
            id={`appeal-reason-${appeal.id}`}
            name="reason"
            rows={2}
            maxLength={APPEAL_REASON_MAX}
            className="w-full rounded-lg border border-line bg-ink px-3 py-2 text-base text-white"
          />
          <div className="flex flex-wrap gap-2">
            <Button type="submit" name="intent" value="overturn" disabled={busy}>
              Reverse the decision
            </Button>
            <Button type="submit" name="intent" value="uphold" variant="secondary" disabled={busy}>
              Let it stand
            </Button>
          </div>
        </Form>
      ) : (
        <p className="text-sm text-amber-200" data-testid="appeal-other-admin">
          You made the decision this appeals: another administrator decides it.
        </p>
      )}
    </li>
  );
}
