// Safety Net for ID-verified providers (docs/decisions/0023-safety-net.md): the number check, alerts for
// their regions, their own reports and the digest. Everyone else gets 404; the work is in
// app/features/safety-net/pages.server.ts.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { InfoPage } from "~/features/site/InfoPage";
import { SafetyNetPage } from "~/features/safety-net/components/SafetyNetPage";
import type { SafetyNetResult } from "~/features/safety-net/components/SafetyNetPage";
import { safetyNetAction, safetyNetPage } from "~/features/safety-net/pages.server";
import { pipeHeaders } from "~/platform/http/page-answer";
import { privateMeta } from "~/features/site/seo";

export const meta: MetaFunction = () => privateMeta("Safety Net");
export const headers = pipeHeaders;

export const loader = ({ request, context }: LoaderFunctionArgs) => safetyNetPage(request, context);
export const action = ({ request, context }: ActionFunctionArgs) => safetyNetAction(request, context);

export default function SafetyNet() {
  const page = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>() as SafetyNetResult | undefined;
  return (
    <InfoPage
      title="Safety Net"
      lead="Incident alerts and a private number check, for providers whose ID is verified. Reports are read by our administrators before anything is shared, and alerts expire after 12 months."
    >
      <SafetyNetPage page={page} result={result} />
    </InfoPage>
  );
}
