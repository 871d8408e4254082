// 'This is me' / 'these are my photos' (under every public profile, apart from 'Report'): a takedown request
// with the Harmful Digital Communications Act's 48-hour steps. The work is in
// app/features/takedowns/pages.server.ts; the rules in docs/decisions/0063-takedown-cases.md.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { InfoPage } from "~/features/site/InfoPage";
import { privateMeta } from "~/features/site/seo";
import { HdcaSteps, TakedownForm } from "~/features/takedowns/TakedownForm";
import { takedownFormAction, takedownFormPage } from "~/features/takedowns/pages.server";
import type { FormResult } from "~/features/takedowns/pages.server";
import { TAKEDOWN_MSG } from "~/features/takedowns/rules";
import { Alert } from "~/ui/Alert";
import { buttonClass } from "~/ui/Button";
import { pipeHeaders } from "~/platform/http/page-answer";

export const meta: MetaFunction = () => privateMeta("Ask us to take it down");
export const headers = pipeHeaders;

export const loader = ({ params, context }: LoaderFunctionArgs) => takedownFormPage(params.modelId, context);

export const action = ({ request, params, context }: ActionFunctionArgs) =>
  takedownFormAction(request, params.modelId, context);

export default function TakedownRequest() {
  const listing = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>() as FormResult | undefined;
  const busy = useNavigation().state === "submitting";
  const steps = (
    <section aria-labelledby="steps-heading" className="space-y-3">
      <h2 id="steps-heading" className="text-xl font-semibold">
        What happens next (Harmful Digital Communications Act 2015, section 24)
      </h2>
      <HdcaSteps />
    </section>
  );
  if (result?.sent) {
    return (
      <InfoPage title="Ask us to take it down">
        <div className="space-y-6">
          <Alert tone="success">{TAKEDOWN_MSG.sent}</Alert>
          {steps}
          <Link to="/" className={buttonClass({ variant: "secondary" })}>
            Back to the home page
          </Link>
        </div>
      </InfoPage>
    );
  }
  return (
    <InfoPage
      title="Ask us to take it down"
      lead={`For a person listed without consent, or whose photos are used without consent, in the listing of ${listing.firstName}. This is not the general 'Report' form: it runs the legal steps below, with their times.`}
    >
      <div className="space-y-8">
        {steps}
        <TakedownForm
          firstName={listing.firstName}
          photos={listing.photos}
          errors={result?.errors ?? {}}
          error={result && !result.sent ? result.error : undefined}
          values={result && !result.sent ? result.values : {}}
          busy={busy}
        />
      </div>
    </InfoPage>
  );
}
