// Get Verified (spec provider §2, §4, §5, §8): choose one of your unverified listings, then the document (a
// passport, an NZ driver licence or an 18+ card; the spec had a licence only), then its photos, each with what
// it must show and what may be covered (features/verification/verification.ts, ID_DOCUMENT_INFO). A multipart <Form>, so it
// works without JavaScript; with it, files are checked as they are chosen and the button waits for them all.
// Success goes to the dashboard, which says so.
import { data } from "@remix-run/cloudflare";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { InfoPage } from "~/features/site/InfoPage";
import { Alert } from "~/ui/Alert";
import { Button } from "~/ui/Button";
import { ListingChoice } from "~/features/verification/ListingChoice";
import { DocumentChoice } from "~/features/verification/components/DocumentChoice";
import { IdPhotoFields } from "~/features/verification/components/IdPhotoFields";
import { NoChoices } from "~/features/verification/components/NoChoices";
import { useIdVerification } from "~/features/verification/components/useIdVerification";
import { verificationClientAction } from "~/features/verification/clientAction";
import { LABEL } from "~/features/site/messages";
import type { VerificationFormResult } from "~/features/verification/verification";
import { requireUser } from "~/features/accounts/guards.server";
import { handleVerificationForm } from "~/features/verification/form.server";
import { loadVerificationChoices } from "~/features/verification/choices.server";
import { NO_STORE, pipeHeaders } from "~/platform/http/page-answer";
import { privateMeta } from "~/features/site/seo";

export const meta: MetaFunction = () => privateMeta("Get Verified");
export const headers = pipeHeaders;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const choices = await loadVerificationChoices(context.cloudflare.env, user.id);
  return data({ choices }, { headers: NO_STORE });
}

export const action = ({ request, context }: ActionFunctionArgs) =>
  handleVerificationForm(request, context, "id", "/verification");
export const clientAction = verificationClientAction("id");

export default function GetVerified() {
  const { choices } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>() as VerificationFormResult | undefined;
  const submitting = useNavigation().state === "submitting";
  const form = useIdVerification(choices, result, submitting);

  return (
    <InfoPage
      title="Get Verified"
      lead="Verified listings can go live. Send us a photo ID for the listing you want verified: a passport, an NZ driver licence or an 18+ card (Kiwi Access)."
    >
      {choices.length === 0 ? (
        <NoChoices>You have no listings waiting to be verified.</NoChoices>
      ) : (
        <Form method="post" encType="multipart/form-data" onSubmit={form.onSubmit} className="space-y-6" noValidate>
          {form.pageError ? (
            <Alert tone="error" data-testid="verification-error">
              {form.pageError}
            </Alert>
          ) : null}
          <fieldset className="space-y-3">
            <legend className="mb-2 text-lg font-semibold">1. Choose a listing</legend>
            {choices.map((c) => (
              <ListingChoice
                key={c.listingId}
                choice={c}
                checked={form.selected === c.listingId}
                onChoose={form.choose}
              />
            ))}
          </fieldset>
          <DocumentChoice chosen={form.documentType} onChoose={form.chooseDocument} />
          <IdPhotoFields
            key={form.round}
            documentType={form.documentType}
            fieldError={form.fieldError}
            onChange={form.updateFile}
          />
          <Button type="submit" size="roomy" disabled={form.disabled}>
            {submitting ? LABEL.submitting : "Submit for Verification"}
          </Button>
        </Form>
      )}
    </InfoPage>
  );
}
