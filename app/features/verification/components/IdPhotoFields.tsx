import { useHydrated } from "~/ui/useHydrated";
import { ID_COVER_NOTE, ID_DOCUMENT_INFO } from "../verification";
import type { IdDocument } from "../verification";
import { VerificationFileField } from "../VerificationFileField";

type Props = {
  documentType: IdDocument | null;
  fieldError: (name: string) => string | undefined;
  onChange: Parameters<typeof VerificationFileField>[0]["onChange"];
};

/**
 * Get Verified's third step: a file field for each photo the chosen document needs, each with what it must
 * show. The caller keys it by round, so choosing again starts with empty inputs.
 */
export function IdPhotoFields({ documentType, fieldError, onChange }: Props) {
  // Without JavaScript the fields cannot follow the document chosen (below).
  const hydrated = useHydrated();
  return (
    <fieldset className="space-y-4 rounded-2xl border border-line bg-panel p-5">
      <legend className="px-1 text-lg font-semibold">3. Photos of your document</legend>
      <p className="text-sm text-zinc-300">
        JPG, JPEG, PNG or WEBP, up to 5 MB each: a larger photo from your phone&apos;s camera is made smaller before it
        is sent. Only our verification team sees these, and they are deleted as soon as your listing has been checked.
      </p>
      <p className="text-sm text-zinc-300" data-testid="cover-note">
        {ID_COVER_NOTE}
      </p>
      {documentType ? (
        ID_DOCUMENT_INFO[documentType].files.map((f) => (
          <VerificationFileField
            key={f.field}
            kind="id"
            name={f.field}
            label={f.label}
            description={f.shows}
            serverError={fieldError(f.field)}
            onChange={onChange}
          />
        ))
      ) : hydrated ? (
        <p className="text-sm text-muted">Choose your document first: we then say which photos to send.</p>
      ) : (
        // Without JavaScript the fields cannot follow the choice: both are offered, and a passport needs
        // only the first (its photo page).
        <>
          <VerificationFileField
            kind="id"
            name="frontLicense"
            label="Front of the card, or the passport's photo page"
            description="Your photo, your name, your date of birth and the expiry date."
            serverError={fieldError("frontLicense")}
            onChange={onChange}
          />
          <VerificationFileField
            kind="id"
            name="backLicense"
            label="Back of the card (not for a passport)"
            serverError={fieldError("backLicense")}
            onChange={onChange}
          />
        </>
      )}
    </fieldset>
  );
}
