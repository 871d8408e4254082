// One appeal of a refusal: an ID or photo check refused, or a takedown case decided against you. Another
// administrator decides it. The work is in app/features/review-service/appeal-pages.server.ts
// (docs/decisions/0064-review-times-and-appeals.md).
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { appealAction, appealPage } from "~/features/review-service/appeal-pages.server";
import { APPEAL_KIND_LABELS, APPEAL_MAX, APPEAL_MSG } from "~/features/review-service/appeal-rules";
import { InfoPage } from "~/features/site/InfoPage";
import { privateMeta } from "~/features/site/seo";
import { Alert } from "~/ui/Alert";
import { Button } from "~/ui/Button";
import { Field } from "~/ui/Field";
import { pipeHeaders } from "~/platform/http/page-answer";

export const meta: MetaFunction = () => privateMeta("Appeal a decision");
export const headers = pipeHeaders;

export const loader = ({ request, params, context }: LoaderFunctionArgs) => appealPage(request, params, context);
export const action = ({ request, params, context }: ActionFunctionArgs) => appealAction(request, params, context);

export default function Appeal() {
  const r = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  return (
    <InfoPage
      title="Appeal a decision"
      lead={`${APPEAL_KIND_LABELS[r.kind]} for ${r.listingName}. Each refusal can be appealed once; a different administrator from the one who decided it looks at your appeal.`}
    >
      <div className="space-y-6">
        <div className="rounded-2xl border border-line bg-panel p-4 sm:p-6">
          <p className="text-sm text-muted">The reason given</p>
          <p className="whitespace-pre-line break-words" data-testid="refusal-reason">
            {r.refusal || "No reason was recorded."}
          </p>
        </div>
        {result?.sent ? (
          <Alert tone="success">{APPEAL_MSG.sent}</Alert>
        ) : r.appealed ? (
          <Alert tone="warning">{APPEAL_MSG.already}</Alert>
        ) : (
          <Form method="post" className="space-y-4 rounded-2xl border border-line bg-panel p-4 sm:p-6" noValidate>
            <Field
              label="Why the decision is wrong"
              description={`Up to ${APPEAL_MAX} characters.`}
              errors={result?.errors.message ? [result.errors.message] : undefined}
              textarea={{ id: "message", name: "message", rows: 5, maxLength: APPEAL_MAX }}
            />
            <Button type="submit" size="roomy" disabled={busy}>
              Send my appeal
            </Button>
          </Form>
        )}
      </div>
    </InfoPage>
  );
}
