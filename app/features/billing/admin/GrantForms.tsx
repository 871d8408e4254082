// /admin/subscriptions: the forms that grant free weeks and Featured (each with its reason, audited;
// decision 0017).
import { Form } from "@remix-run/react";
import type { InputHTMLAttributes } from "react";
import { Button } from "~/ui/Button";

export function FeaturedGrant({
  listingId,
  name,
  grantEnds,
}: {
  listingId: string;
  name: string;
  grantEnds: string | null;
}) {
  return (
    <div className="space-y-2" data-testid="featured-grant">
      {grantEnds ? <p>Featured until {grantEnds}</p> : null}
      <Form method="post" className="flex flex-wrap items-center gap-2">
        <input type="hidden" name="intent" value="grantFeatured" />
        <input type="hidden" name="listingId" value={listingId} />
        <WeeksField id={`featured-weeks-${listingId}`} label={`Weeks of Featured for ${name}`} />
        <ReasonField id={`featured-reason-${listingId}`} label={`Reason for granting Featured to ${name}`} />
        <Button type="submit" variant="secondary">
          Grant Featured
        </Button>
      </Form>
      {grantEnds ? (
        <Form method="post" className="flex flex-wrap items-center gap-2">
          <input type="hidden" name="intent" value="revokeFeatured" />
          <input type="hidden" name="listingId" value={listingId} />
          <ReasonField id={`revoke-reason-${listingId}`} label={`Reason for revoking Featured from ${name}`} />
          <Button type="submit" variant="danger">
            Revoke Featured
          </Button>
        </Form>
      ) : null}
    </div>
  );
}

/** Why, for the audit log. */
export function ReasonField({ id, label }: { id: string; label: string }) {
  return (
    <LabelledInput
      id={id}
      label={label}
      name="reason"
      required
      maxLength={200}
      placeholder="Reason"
      className="w-full rounded border border-line bg-ink px-2 py-1"
    />
  );
}

/** 1 to 52 weeks, for free weeks and for Featured. */
export function WeeksField({ id, label }: { id: string; label: string }) {
  return (
    <LabelledInput
      id={id}
      label={label}
      name="weeks"
      type="number"
      min={1}
      max={52}
      defaultValue={1}
      className="w-16 rounded border border-line bg-ink px-2 py-1"
    />
  );
}

/** A table cell's input: its label is for screen readers, the column heading says it to everyone else. */
function LabelledInput({ id, label, ...input }: { id: string; label: string } & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <>
      <label className="sr-only" htmlFor={id}>
        {label}
      </label>
      <input id={id} {...input} />
    </>
  );
}
