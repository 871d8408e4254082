import type { FormEvent } from "react";
import { Form } from "@remix-run/react";
import { LABEL } from "~/features/site/messages";
import { Button } from "~/ui/Button";
import { PHOTO_FIELDS } from "../verification";
import { PHOTO_GUIDANCE } from "../photo-guidance";
import { VerificationFileField } from "../VerificationFileField";

type Props = {
  listingId: string;
  firstName: string;
  submitting: boolean;
  disabled: boolean;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  fieldError: (name: string) => string | undefined;
  onChange: Parameters<typeof VerificationFileField>[0]["onChange"];
};

/** The selected listing's three photo inputs and 'Submit Photos for Review' (a multipart form). */
export function PhotoUploadForm({ listingId, firstName, submitting, disabled, onSubmit, fieldError, onChange }: Props) {
  return (
    <Form
      method="post"
      encType="multipart/form-data"
      onSubmit={onSubmit}
      className="space-y-4 rounded-2xl border border-line bg-panel p-5"
      noValidate
    >
      <h2 className="text-lg font-semibold">Photos for {firstName}</h2>
      <p className="text-sm text-zinc-300">
        Three new photos of yourself, which we compare with your ID review and every photo of this listing not yet
        verified. JPG, PNG or WEBP, up to 5 MB each: a larger photo from your phone&apos;s camera is made smaller before
        it is sent. Only our team sees these, and they are deleted once checked.
      </p>
      <div className="space-y-2 text-sm text-zinc-300" data-testid="photo-guidance">
        <p>{PHOTO_GUIDANCE.intro}</p>
        <p>{PHOTO_GUIDANCE.after}</p>
      </div>
      <input type="hidden" name="listingId" value={listingId} />
      {PHOTO_FIELDS.map((name, i) => (
        <VerificationFileField
          key={name}
          kind="photo"
          name={name}
          label={`Photo ${i + 1}`}
          description={PHOTO_GUIDANCE.fields[i]}
          serverError={fieldError(name)}
          onChange={onChange}
        />
      ))}
      <Button type="submit" size="roomy" disabled={disabled}>
        {submitting ? LABEL.submitting : "Submit Photos for Review"}
      </Button>
    </Form>
  );
}
