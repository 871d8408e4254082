// Get Verified (spec provider §2, §4, §5, §8): choose one of your unverified listings, then the front
// and back of a licence. A multipart <Form>, so it works without JavaScript; with it, files are checked
// as they are chosen and the button waits for both. Success goes to the dashboard, which says so.
import {
  data,
  type ActionFunctionArgs,
  type HeadersFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useState, type FormEvent } from "react";
import { InfoPage } from "~/components/InfoPage";
import { Alert } from "~/components/ui/Alert";
import { Button, buttonClass } from "~/components/ui/Button";
import { useHydrated } from "~/components/useHydrated";
import { useFileFields, VerificationFileField } from "~/components/verification/VerificationFileField";
import { ListingChoice } from "~/components/verification/ListingChoice";
import { verificationClientAction } from "~/components/verification/clientAction";
import { LABEL } from "~/lib/messages";
import { ID_FIELDS, ID_MSG, missingFileMessage } from "~/lib/verification";
import { requireUser } from "~/server/auth.server";
import { handleVerificationForm, type VerificationFormResult } from "~/server/verification-form.server";
import { loadVerificationChoices } from "~/server/verification.server";

export const meta: MetaFunction = () => [
  { title: "Get Verified | Kiwi Companions" },
  { name: "robots", content: "noindex" },
];
export const headers: HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const choices = await loadVerificationChoices(context.cloudflare.env, user.id, "id");
  return data({ choices }, { headers: { "Cache-Control": "no-store" } });
}

export const action = ({ request, context }: ActionFunctionArgs) =>
  handleVerificationForm(request, context, "id", "/verification");
export const clientAction = verificationClientAction("id");

export default function GetVerified() {
  const { choices } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>() as VerificationFormResult | undefined;
  const submitting = useNavigation().state === "submitting";
  const hydrated = useHydrated();
  const files = useFileFields(ID_FIELDS);
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

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (!selected) {
      event.preventDefault();
      setClientError(ID_MSG.selectModel);
    } else if (!files.allChosen) {
      event.preventDefault();
      setClientError(missingFileMessage("id", files.firstMissing ?? "frontLicense"));
    }
  };

  const fieldError = (name: string) => (shownResult?.field === name ? shownResult.message : undefined);
  const pageError =
    clientError ??
    (shownResult && (!shownResult.field || shownResult.field === "modelId")
      ? shownResult.field
        ? shownResult.message
        : shownResult.error
      : null);
  // Spec §5: disabled while submitting, without both files, or with a file error (with JavaScript only:
  // without it the browser cannot tell, and the server answers instead).
  const disabled = submitting || (hydrated && (!files.allChosen || files.hasError));

  return (
    <InfoPage
      title="Get Verified"
      lead="Verified listings can go live. Send us both sides of your driver licence for the listing you want verified."
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
          <fieldset className="space-y-4 rounded-2xl border border-line bg-panel p-5" key={round}>
            <legend className="px-1 text-lg font-semibold">2. Your licence</legend>
            <p className="text-sm text-zinc-300">
              JPG, JPEG, PNG or WEBP, up to 5 MB each. Only our verification team sees these, and they are deleted as
              soon as your listing has been checked.
            </p>
            <VerificationFileField
              kind="id"
              name="frontLicense"
              label="Front of licence"
              serverError={fieldError("frontLicense")}
              onChange={files.update}
            />
            <VerificationFileField
              kind="id"
              name="backLicense"
              label="Back of licence"
              serverError={fieldError("backLicense")}
              onChange={files.update}
            />
          </fieldset>
          <Button type="submit" size="roomy" disabled={disabled}>
            {submitting ? LABEL.submitting : "Submit for Verification"}
          </Button>
        </Form>
      )}
    </InfoPage>
  );
}
