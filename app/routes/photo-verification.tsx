// Photo verification (spec provider §2, §4, §5, §8), optional: listings that are not photo-verified and
// have at least 4 photos, each with 'Select this Profile' (a GET form, so it works without JavaScript);
// the selected one gets three photo inputs and 'Submit Photos for Review'.
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
import { PHOTO_FIELDS, PHOTO_VERIFY_MSG } from "~/features/verification/verification";
import type { VerificationFormResult } from "~/features/verification/verification";
import { requireUser } from "~/features/accounts/guards.server";
import { handleVerificationForm } from "~/features/verification/form.server";
import { loadVerificationChoices } from "~/features/verification/choices.server";
import { NO_STORE, pipeHeaders } from "~/platform/http/page-answer";
import { privateMeta } from "~/features/site/seo";

export const meta: MetaFunction = () => privateMeta("Photo verification");
export const headers = pipeHeaders;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const choices = await loadVerificationChoices(context.cloudflare.env, user.id, "photo");
  const wanted = new URL(request.url).searchParams.get("listingId");
  const selected = choices.find((c) => c.listingId === wanted && !c.pending)?.listingId ?? null;
  return data({ choices, selected }, { headers: NO_STORE });
}

export const action = ({ request, context }: ActionFunctionArgs) =>
  handleVerificationForm(request, context, "photo", "/photo-verification");
export const clientAction = verificationClientAction("photo");

export default function PhotoVerification() {
  const { choices, selected } = useLoaderData<typeof loader>();
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

  const fieldError = (name: string) => (result?.field === name ? result.message : undefined);
  const pageError = clientError ?? (result && (!result.field || result.field === "listingId") ? result.error : null);

  return (
    <InfoPage
      title="Photo verification"
      lead="Optional: show visitors your photos are really you. Choose a listing, then send three new photos of yourself for our team to compare."
    >
      {choices.length === 0 ? (
        <NoChoices>
          No listing can be photo-verified right now: a listing needs at least 4 photos and must not be photo-verified
          already.
        </NoChoices>
      ) : (
        <div className="space-y-6">
          <PhotoChoiceList choices={choices} selected={selected} />
          {pageError ? (
            <Alert tone="error" data-testid="verification-error">
              {pageError}
            </Alert>
          ) : null}
          {chosen ? (
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
          ) : (
            <p className="text-muted">Select a profile to add its photos.</p>
          )}
        </div>
      )}
    </InfoPage>
  );
}
