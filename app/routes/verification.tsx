// Get Verified (spec provider §2, §4, §5, §8): choose one of your unverified listings, then the document (a
// passport, an NZ driver licence or an 18+ card; the spec had a licence only), then its photos, each with what
// it must show and what may be covered (features/verification/verification.ts, ID_DOCUMENT_INFO). A multipart <Form>, so it
// works without JavaScript; with it, files are checked as they are chosen and the button waits for them all.
// Success goes to the dashboard, which says so.
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useState, type FormEvent } from "react";
import { InfoPage } from "~/features/site/InfoPage";
import { Alert } from "~/ui/Alert";
import { Button, buttonClass } from "~/ui/Button";
import { useHydrated } from "~/ui/useHydrated";
import { useFileFields, VerificationFileField } from "~/features/verification/VerificationFileField";
import { ListingChoice } from "~/features/verification/ListingChoice";
import { verificationClientAction } from "~/features/verification/clientAction";
import { LABEL } from "~/features/site/messages";
import {
  fieldsFor,
  ID_COVER_NOTE,
  ID_DOCUMENT_INFO,
  ID_DOCUMENT_MSG,
  ID_DOCUMENTS,
  ID_MSG,
  missingFileMessage,
  type IdDocument,
} from "~/features/verification/verification";
import { requireUser } from "~/features/accounts/guards.server";
import { handleVerificationForm, type VerificationFormResult } from "~/features/verification/form.server";
import { loadVerificationChoices } from "~/features/verification/choices.server";
import { NO_STORE, pipeHeaders } from "~/platform/http/page-answer";
import { privateMeta } from "~/features/site/seo";

export const meta: MetaFunction = () => privateMeta("Get Verified");
export const headers = pipeHeaders;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const choices = await loadVerificationChoices(context.cloudflare.env, user.id, "id");
  return data({ choices }, { headers: NO_STORE });
}

export const action = ({ request, context }: ActionFunctionArgs) =>
  handleVerificationForm(request, context, "id", "/verification");
export const clientAction = verificationClientAction("id");

export default function GetVerified() {
  const { choices } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>() as VerificationFormResult | undefined;
  const submitting = useNavigation().state === "submitting";
  const hydrated = useHydrated();
  const [documentType, setDocumentType] = useState<IdDocument | null>(null);
  const files = useFileFields(documentType ? fieldsFor("id", documentType) : []);
  const available = choices.filter((c) => !c.pending);
  const [selected, setSelected] = useState<string | null>(available.length === 1 ? available[0].modelId : null);
  // Spec §2: choosing a listing clears the chosen files and errors (the inputs are made anew).
  const [round, setRound] = useState(0);
  const [clientError, setClientError] = useState<string | null>(null);
  const [dismissed, setDismissed] = useState<VerificationFormResult | undefined>(undefined);
  const shownResult = result && result !== dismissed ? result : undefined;

  const choose = (modelId: string) => {
    setSelected(modelId);
    setRound((r) => r + 1);
    files.reset();
    setClientError(null);
    setDismissed(result);
  };

  // Another document asks for other photos: the chosen files go, as when choosing another listing.
  const chooseDocument = (next: IdDocument) => {
    setDocumentType(next);
    setRound((r) => r + 1);
    files.reset();
    setClientError(null);
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (!selected) {
      event.preventDefault();
      setClientError(ID_MSG.selectModel);
    } else if (!documentType) {
      event.preventDefault();
      setClientError(ID_DOCUMENT_MSG.choose);
    } else if (!files.allChosen) {
      event.preventDefault();
      setClientError(missingFileMessage("id", files.firstMissing ?? "frontLicense", documentType));
    }
  };

  const fieldError = (name: string) => (shownResult?.field === name ? shownResult.message : undefined);
  const pageError =
    clientError ??
    (shownResult && (!shownResult.field || shownResult.field === "modelId" || shownResult.field === "documentType")
      ? shownResult.field
        ? shownResult.message
        : shownResult.error
      : null);
  // Spec §5: disabled while submitting, without both files, or with a file error (with JavaScript only:
  // without it the browser cannot tell, and the server answers instead).
  const disabled = submitting || (hydrated && (!documentType || !files.allChosen || files.hasError));

  return (
    <InfoPage
      title="Get Verified"
      lead="Verified listings can go live. Send us a photo ID for the listing you want verified: a passport, an NZ driver licence or an 18+ card (Kiwi Access)."
    >
      {choices.length === 0 ? (
        <div className="space-y-4 rounded-2xl border border-line bg-panel p-6">
          <p>You have no listings waiting to be verified.</p>
          <Link to="/dashboard" className={buttonClass({ size: "roomy" })}>
            {LABEL.backToDashboard}
          </Link>
        </div>
      ) : (
        <Form method="post" encType="multipart/form-data" onSubmit={onSubmit} className="space-y-6" noValidate>
          {pageError ? (
            <Alert tone="error" data-testid="verification-error">
              {pageError}
            </Alert>
          ) : null}
          <fieldset className="space-y-3">
            <legend className="mb-2 text-lg font-semibold">1. Choose a listing</legend>
            {choices.map((c) => (
              <ListingChoice key={c.modelId} choice={c} checked={selected === c.modelId} onChoose={choose} />
            ))}
          </fieldset>
          <fieldset className="space-y-3" data-testid="document-choice">
            <legend className="mb-2 text-lg font-semibold">2. Choose your document</legend>
            {ID_DOCUMENTS.map((d) => (
              <label
                key={d}
                className="flex min-h-11 cursor-pointer items-center gap-3 rounded-xl border border-line bg-panel px-4 py-2 has-[:checked]:border-accent"
              >
                <input
                  type="radio"
                  name="documentType"
                  value={d}
                  checked={documentType === d}
                  onChange={() => chooseDocument(d)}
                  className="size-5 accent-accent"
                />
                <span>{ID_DOCUMENT_INFO[d].name}</span>
              </label>
            ))}
          </fieldset>
          <fieldset className="space-y-4 rounded-2xl border border-line bg-panel p-5" key={round}>
            <legend className="px-1 text-lg font-semibold">3. Photos of your document</legend>
            <p className="text-sm text-zinc-300">
              JPG, JPEG, PNG or WEBP, up to 5 MB each. Only our verification team sees these, and they are deleted as
              soon as your listing has been checked.
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
                  onChange={files.update}
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
                  onChange={files.update}
                />
                <VerificationFileField
                  kind="id"
                  name="backLicense"
                  label="Back of the card (not for a passport)"
                  serverError={fieldError("backLicense")}
                  onChange={files.update}
                />
              </>
            )}
          </fieldset>
          <Button type="submit" size="roomy" disabled={disabled}>
            {submitting ? LABEL.submitting : "Submit for Verification"}
          </Button>
        </Form>
      )}
    </InfoPage>
  );
}
