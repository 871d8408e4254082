// Photo verification (spec provider §2, §4, §5, §8), optional: the provider's listings, each with 'Select this
// Profile' (a GET form, so it works without JavaScript). The selected one shows its photos, each with its own
// check (docs/decisions/0055-each-photo-verified.md): a photo may be sent on its own ('Ask for a check'), or,
// when the listing has too few verified photos or an old last check, with three new photos of the person
// ('Submit Photos for Review', the spec's form).
import { data } from "@remix-run/cloudflare";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useEffect, useState } from "react";
import type { FormEvent } from "react";
import { InfoPage } from "~/features/site/InfoPage";
import { Alert } from "~/ui/Alert";
import { useHydrated } from "~/ui/useHydrated";
import { verificationClientAction } from "~/features/verification/clientAction";
import { useFileFields } from "~/features/verification/VerificationFileField";
import { NoChoices } from "~/features/verification/components/NoChoices";
import { PhotoChoiceList } from "~/features/verification/components/PhotoChoiceList";
import { PhotoUploadForm } from "~/features/verification/components/PhotoUploadForm";
import {
  PHOTO_FIELDS,
  PHOTO_VERIFY_MIN_IMAGES,
  PHOTO_VERIFY_MSG,
  VERIFY_MSG,
} from "~/features/verification/verification";
import type { VerificationFormResult } from "~/features/verification/verification";
import { requireUser } from "~/features/accounts/guards.server";
import { handleVerificationForm } from "~/features/verification/form.server";
import { loadPhotoCheckChoices } from "~/features/verification/photo-choices.server";
import { PhotoCheckGrid } from "~/features/verification/components/PhotoCheckGrid";
import { PHOTO_CHECK_MSG } from "~/features/verification/photo-checks";
import { readFlash } from "~/features/site/flash.server";
import { FlashNotice } from "~/ui/FlashNotice";
import { photoCheckSummary } from "~/core/photo-checks";
import { NO_STORE, pipeHeaders } from "~/platform/http/page-answer";
import { privateMeta } from "~/features/site/seo";

export const meta: MetaFunction = () => privateMeta("Photo verification");
export const headers = pipeHeaders;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const env = context.cloudflare.env;
  const now = Date.now();
  const choices = await loadPhotoCheckChoices(env, user.id, now);
  const wanted = new URL(request.url).searchParams.get("listingId");
  // One listing needs no choosing; a listing with nothing to send can still be opened to see its dates.
  const selected =
    (choices.find((c) => c.listingId === wanted) ?? (choices.length === 1 ? choices[0] : null))?.listingId ?? null;
  const flash = await readFlash(request, env);
  flash.headers.set("Cache-Control", NO_STORE["Cache-Control"]);
  return data({ choices, selected, now, notice: flash.notice }, { headers: flash.headers });
}

export const action = ({ request, context }: ActionFunctionArgs) =>
  handleVerificationForm(request, context, "photo", "/photo-verification");
export const clientAction = verificationClientAction("photo");

export default function PhotoVerification() {
  const { choices, selected, now, notice } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>() as VerificationFormResult | undefined;
  const submitting = useNavigation().state === "submitting";
  const hydrated = useHydrated();
  const files = useFileFields(PHOTO_FIELDS);
  const [clientError, setClientError] = useState<string | null>(null);
  const chosen = choices.find((c) => c.listingId === selected);

  // A newly selected profile starts with empty inputs and no errors.
  const { reset } = files;
  useEffect(() => {
    reset();
    setClientError(null);
  }, [selected, reset]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (!files.allChosen) {
      event.preventDefault();
      setClientError(PHOTO_VERIFY_MSG.missing);
    }
  };

  // The spec's form (three photos of the person, for every photo not yet verified) needs 4 photos.
  const selfiesForm =
    chosen != null && chosen.needsSelfies && !chosen.pending && chosen.imageCount >= PHOTO_VERIFY_MIN_IMAGES;
  const fieldError = (name: string) => (result?.field === name ? result.message : undefined);
  const pageError = clientError ?? (result && (!result.field || result.field === "listingId") ? result.error : null);

  return (
    <InfoPage
      title="Photo verification"
      lead="Optional: show visitors your photos are really you. Each photo is checked and dated on its own; a new photo can be sent for checking by itself."
    >
      <FlashNotice notice={notice} testId="photo-check-notice" />
      {choices.length === 0 ? (
        <NoChoices>No listing has photos yet. Add photos to a listing, then come back to have them checked.</NoChoices>
      ) : (
        <div className="space-y-6">
          <PhotoChoiceList choices={choices} selected={selected} />
          {pageError ? (
            <Alert tone="error" data-testid="verification-error">
              {pageError}
            </Alert>
          ) : null}
          {chosen ? (
            <section className="space-y-3" aria-labelledby="photo-checks-heading">
              <h2 id="photo-checks-heading" className="text-lg font-semibold">
                Photos of {chosen.firstName}
              </h2>
              <p className="text-sm text-zinc-300" data-testid="photo-check-summary">
                {photoCheckSummary(chosen.photos)}
              </p>
              {chosen.needsSelfies && !chosen.pending ? (
                <Alert tone="warning" role="note">
                  {selfiesForm ? PHOTO_CHECK_MSG.selfiesNeeded : VERIFY_MSG.tooFewPhotos}
                </Alert>
              ) : null}
              {fieldError("imageId") ? <Alert tone="error">{fieldError("imageId")}</Alert> : null}
              <PhotoCheckGrid
                listingId={chosen.listingId}
                photos={chosen.photos}
                perPhoto={!chosen.needsSelfies}
                busy={submitting}
                now={now}
              />
            </section>
          ) : (
            <p className="text-muted">Select a profile to see its photos.</p>
          )}
          {chosen && selfiesForm ? (
            <PhotoUploadForm
              key={chosen.listingId}
              listingId={chosen.listingId}
              firstName={chosen.firstName}
              submitting={submitting}
              // Spec §5: submit is disabled while any error exists (and while sending).
              disabled={submitting || (hydrated && files.hasError)}
              onSubmit={onSubmit}
              fieldError={fieldError}
              onChange={files.update}
            />
          ) : null}
        </div>
      )}
    </InfoPage>
  );
}
