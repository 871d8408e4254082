// The 'This is me' form: a plain multipart form (works without JavaScript), each error beside its field, and
// the Act's steps said above it (docs/decisions/0063-takedown-cases.md).
import { Form } from "@remix-run/react";
import { photoUrl } from "~/core/photo-keys";
import { PhotoThumb } from "~/features/photos/PhotoThumb";
import { Alert } from "~/ui/Alert";
import { Button } from "~/ui/Button";
import { ErrorList } from "~/ui/ErrorList";
import { Field } from "~/ui/Field";
import { CONTACT_MAX, DETAILS_MAX, HDCA_STEPS, KIND_LABELS } from "./rules";
import type { TakedownKind } from "./rules";

export type TakedownFormProps = {
  firstName: string;
  photos: { id: string; r2Key: string; width: number; height: number }[];
  errors: Record<string, string>;
  error?: string;
  values: Record<string, string | string[]>;
  busy: boolean;
};

export function HdcaSteps() {
  return (
    <ol className="list-decimal space-y-2 pl-6 text-zinc-200" data-testid="hdca-steps">
      {HDCA_STEPS.map((s) => (
        <li key={s}>{s}</li>
      ))}
    </ol>
  );
}

const errs = (e: string | undefined) => (e ? [e] : undefined);

export function TakedownForm({ firstName, photos, errors, error, values, busy }: TakedownFormProps) {
  const chosen = new Set(Array.isArray(values.imageIds) ? values.imageIds : []);
  const kind = typeof values.kind === "string" ? values.kind : "";
  return (
    <Form
      method="post"
      encType="multipart/form-data"
      className="space-y-5 rounded-2xl border border-line bg-panel p-4 sm:p-6"
      noValidate
    >
      <Alert tone="error">{error}</Alert>
      <fieldset className="space-y-2" aria-describedby={errors.kind ? "kind-error" : undefined}>
        <legend className="font-medium">What is wrong?</legend>
        {(Object.keys(KIND_LABELS) as TakedownKind[]).map((k) => (
          <label key={k} className="flex min-h-11 items-start gap-3 py-1">
            <input type="radio" name="kind" value={k} defaultChecked={kind === k} className="mt-1 h-5 w-5 shrink-0" />
            <span>{KIND_LABELS[k]}</span>
          </label>
        ))}
        <ErrorList id="kind-error" errors={errs(errors.kind)} />
        {photos.length === 0 ? <ErrorList id="imageIds-error" errors={errs(errors.imageIds)} /> : null}
      </fieldset>
      {photos.length > 0 ? (
        <fieldset className="space-y-2" aria-describedby={errors.imageIds ? "imageIds-error" : undefined}>
          <legend className="font-medium">Which photos are yours? (for photos used without consent)</legend>
          <ul className="grid grid-cols-3 gap-2 sm:grid-cols-5">
            {photos.map((p, i) => (
              <li key={p.id}>
                <label className="block cursor-pointer rounded-lg border border-line p-1 has-[:checked]:border-accent">
                  <PhotoThumb
                    url={photoUrl(p.r2Key)}
                    width={p.width}
                    height={p.height}
                    loading="lazy"
                    className="aspect-[3/4] w-full rounded object-cover"
                  />
                  <span className="flex min-h-11 items-center gap-2 text-sm">
                    <input
                      type="checkbox"
                      name="imageIds"
                      value={p.id}
                      defaultChecked={chosen.has(p.id)}
                      className="h-5 w-5"
                    />
                    Photo {i + 1}
                  </span>
                </label>
              </li>
            ))}
          </ul>
          <ErrorList id="imageIds-error" errors={errs(errors.imageIds)} />
        </fieldset>
      ) : null}
      <Field
        label="What is wrong, in your words"
        description={`Up to ${DETAILS_MAX} characters. The listing's owner reads a copy of this, not your address.`}
        errors={errs(errors.details)}
        textarea={{
          id: "details",
          name: "details",
          rows: 5,
          maxLength: DETAILS_MAX,
          defaultValue: typeof values.details === "string" ? values.details : "",
        }}
      />
      <Field
        label="Your e-mail address"
        description="We write to you here with the outcome. The owner never sees it."
        errors={errs(errors.contact)}
        input={{
          id: "contact",
          name: "contact",
          type: "email",
          autoComplete: "email",
          maxLength: CONTACT_MAX,
          defaultValue: typeof values.contact === "string" ? values.contact : "",
        }}
      />
      <Field
        label="A photo that proves it (optional)"
        description="For example you holding a note with today's date. It is sealed, only an administrator sees it, and it is deleted when the case is decided. JPEG, PNG or WebP, up to 5 MB."
        errors={errs(errors.proof)}
        input={{
          id: "proof",
          name: "proof",
          type: "file",
          accept: "image/jpeg,image/png,image/webp",
          className: "block w-full text-sm",
        }}
      />
      <div className="space-y-1">
        <label className="flex min-h-11 items-start gap-3">
          <input
            type="checkbox"
            name="confirm"
            value="yes"
            className="mt-1 h-5 w-5 shrink-0"
            aria-describedby={errors.confirm ? "confirm-error" : undefined}
          />
          <span>This is about me: I am the person shown in the listing of {firstName}, or these photos are mine.</span>
        </label>
        <ErrorList id="confirm-error" errors={errs(errors.confirm)} />
      </div>
      <Button type="submit" size="roomy" disabled={busy}>
        {busy ? "Sending..." : "Send the request"}
      </Button>
    </Form>
  );
}
