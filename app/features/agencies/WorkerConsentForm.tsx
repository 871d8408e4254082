// On an agency's dashboard card: the worker's own consent (docs/decisions/0058-worker-consent-and-agency-checks.md).
// The agency gives her address and whether it proposes to show her on its page; she decides through her link.
// A plain form post, so it works without JavaScript; a refused address comes back beside its field.
import { Form } from "@remix-run/react";
import { CONSENT_STATE_TEXT } from "~/features/listings/consent";
import type { ConsentState } from "~/features/listings/consent";
import { Field } from "~/ui/Field";

export type WorkerConsentSummary = {
  state: ConsentState;
  email: string;
  mailedAt: number | null;
  proposedOnAgencyPage: boolean;
};

const BUTTON =
  "inline-flex min-h-11 items-center justify-center rounded-lg border border-line px-3 text-sm font-semibold hover:border-accent hover:text-accent";

export function WorkerConsentForm({
  listingId,
  firstName,
  consent,
  error,
  sent,
}: {
  listingId: string;
  firstName: string;
  consent: WorkerConsentSummary | null;
  error: string | null;
  /** The link just went out. */
  sent: boolean;
}) {
  const state = consent?.state ?? "none";
  const fieldId = `worker-email-${listingId}`;
  return (
    <details
      className="rounded-lg border border-line bg-ink p-3"
      open={state !== "agreed" || Boolean(error) || sent}
      data-testid="worker-consent"
      data-state={state}
    >
      <summary className="min-h-11 cursor-pointer content-center text-sm font-semibold">Worker&apos;s consent</summary>
      <p className="mt-1 text-sm" data-testid="worker-consent-state">
        {CONSENT_STATE_TEXT[state]}
      </p>
      {sent ? (
        <p className="mt-1 text-sm text-emerald-300" role="status" data-testid="worker-consent-sent">
          The link is on its way to {consent?.email}.
        </p>
      ) : null}
      <Form method="post" className="mt-2 space-y-2">
        <input type="hidden" name="intent" value="consent" />
        <input type="hidden" name="listingId" value={listingId} />
        <Field
          variant="page"
          label="Her own e-mail address"
          description="She gets a link, needs no account, sees exactly what would be published and agrees or declines. We keep the address for this alone and delete it with the listing."
          errors={error ? [error] : null}
          errorTestId="worker-email-error"
          input={{
            id: fieldId,
            name: "email",
            type: "email",
            autoComplete: "off",
            defaultValue: consent?.email ?? "",
            required: true,
            "aria-label": undefined,
          }}
        />
        <label className="flex min-h-11 items-center gap-3 text-sm">
          <input
            type="checkbox"
            name="onAgencyPage"
            value="yes"
            defaultChecked={consent?.proposedOnAgencyPage ?? true}
            className="h-5 w-5"
          />
          <span>Ask to show her on the agency&apos;s page too (she decides)</span>
        </label>
        <button
          type="submit"
          className={BUTTON}
          aria-label={`${consent ? "Send the link again" : "Send her the link"} for ${firstName}`}
        >
          {consent ? "Send the link again" : "Send her the link"}
        </button>
      </Form>
    </details>
  );
}
