// Photo verification (spec provider §2, §4, §5, §8), optional: listings that are not photo-verified and
// have at least 4 photos, each with 'Select this Profile' (a GET form, so it works without JavaScript);
// the selected one gets three photo inputs and 'Submit Photos for Review'.
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useEffect, useState, type FormEvent } from "react";
import { InfoPage } from "~/features/site/InfoPage";
import { Alert } from "~/ui/Alert";
import { Button, buttonClass } from "~/ui/Button";
import { useHydrated } from "~/ui/useHydrated";
import { Photo } from "~/features/photos/Photo";
import { verificationClientAction } from "~/features/verification/clientAction";
import { useFileFields, VerificationFileField } from "~/features/verification/VerificationFileField";
import { LABEL } from "~/features/site/messages";
import { PHOTO_FIELDS, PHOTO_VERIFY_MSG } from "~/features/verification/verification";
import { requireUser } from "~/features/accounts/guards.server";
import { handleVerificationForm, type VerificationFormResult } from "~/features/verification/form.server";
import { loadVerificationChoices } from "~/features/verification/choices.server";
import { NO_STORE, pipeHeaders } from "~/platform/http/page-answer";
import { privateMeta } from "~/features/site/seo";

export const meta: MetaFunction = () => privateMeta("Photo verification");
export const headers = pipeHeaders;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const choices = await loadVerificationChoices(context.cloudflare.env, user.id, "photo");
  const wanted = new URL(request.url).searchParams.get("modelId");
  const selected = choices.find((c) => c.modelId === wanted && !c.pending)?.modelId ?? null;
  return data({ choices, selected }, { headers: NO_STORE });
}

export const action = ({ request, context }: ActionFunctionArgs) =>
  handleVerificationForm(request, context, "photo", "/photo-verification");
export const clientAction = verificationClientAction("photo");

const SELECT_BUTTON =
  "inline-flex min-h-11 items-center justify-center rounded-lg border border-accent px-4 font-semibold text-accent hover:bg-ink";

export default function PhotoVerification() {
  const { choices, selected } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>() as VerificationFormResult | undefined;
  const submitting = useNavigation().state === "submitting";
  const hydrated = useHydrated();
  const files = useFileFields(PHOTO_FIELDS);
  const [clientError, setClientError] = useState<string | null>(null);
  const chosen = choices.find((c) => c.modelId === selected);

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
  const pageError = clientError ?? (result && (!result.field || result.field === "modelId") ? result.error : null);
  // Spec §5: submit is disabled while any error exists (and while sending).
  const disabled = submitting || (hydrated && files.hasError);

  return (
    <InfoPage
      title="Photo verification"
      lead="Optional: show visitors your photos are really you. Choose a listing, then send three new photos of yourself for our team to compare."
    >
      {choices.length === 0 ? (
        <div className="space-y-4 rounded-2xl border border-line bg-panel p-6">
          <p>
            No listing can be photo-verified right now: a listing needs at least 4 photos and must not be photo-verified
            already.
          </p>
          <Link to="/dashboard" className={buttonClass({ size: "roomy" })}>
            {LABEL.backToDashboard}
          </Link>
        </div>
      ) : (
        <div className="space-y-6">
          <ul className="space-y-3" aria-label="Listings that can be photo-verified">
            {choices.map((c) => (
              <li
                key={c.modelId}
                className={`flex flex-wrap items-center gap-3 rounded-xl border p-3 ${c.modelId === selected ? "border-accent bg-panel" : "border-line"}`}
                data-testid="photo-choice"
              >
                <span className="h-20 w-16 shrink-0 overflow-hidden rounded-md bg-ink">
                  <Photo src={c.coverUrl} alt="" width={64} height={80} className="h-full w-full object-cover" />
                </span>
                <span className="min-w-0 flex-1">
                  <span className="block font-semibold">{c.firstName}</span>
                  <span className="block text-sm text-muted">
                    {c.location || LABEL.noRegion} · {c.imageCount} photos
                  </span>
                </span>
                {c.pending ? (
                  <span className="text-sm text-muted">Waiting for review</span>
                ) : c.modelId === selected ? (
                  <span className="text-sm font-semibold text-accent">Selected</span>
                ) : (
                  <Form method="get" preventScrollReset>
                    <button
                      type="submit"
                      name="modelId"
                      value={c.modelId}
                      className={SELECT_BUTTON}
                      aria-label={`Select this Profile: ${c.firstName}`}
                    >
                      Select this Profile
                    </button>
                  </Form>
                )}
              </li>
            ))}
          </ul>

          {pageError ? (
            <Alert tone="error" data-testid="verification-error">
              {pageError}
            </Alert>
          ) : null}

          {chosen ? (
            <Form
              method="post"
              encType="multipart/form-data"
              onSubmit={onSubmit}
              className="space-y-4 rounded-2xl border border-line bg-panel p-5"
              key={chosen.modelId}
              noValidate
            >
              <h2 className="text-lg font-semibold">Photos for {chosen.firstName}</h2>
              <p className="text-sm text-zinc-300">
                JPG, PNG or WEBP, up to 5 MB each. Only our team sees these, and they are deleted once checked.
              </p>
              <input type="hidden" name="modelId" value={chosen.modelId} />
              {PHOTO_FIELDS.map((name, i) => (
                <VerificationFileField
                  key={name}
                  kind="photo"
                  name={name}
                  label={`Photo ${i + 1}`}
                  serverError={fieldError(name)}
                  onChange={files.update}
                />
              ))}
              <Button type="submit" size="roomy" disabled={disabled}>
                {submitting ? LABEL.submitting : "Submit Photos for Review"}
              </Button>
            </Form>
          ) : (
            <p className="text-muted">Select a profile to add its photos.</p>
          )}
        </div>
      )}
    </InfoPage>
  );
}
