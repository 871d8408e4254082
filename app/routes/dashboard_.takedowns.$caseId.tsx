// A takedown case about the owner's listing: a copy of the complaint and the answer within 48 hours (HDCA
// s 24). Linked from the owner's e-mail and the dashboard. The work is in app/features/takedowns/pages.server.ts.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { InfoPage } from "~/features/site/InfoPage";
import { privateMeta } from "~/features/site/seo";
import { OwnerCase } from "~/features/takedowns/OwnerCase";
import { ownerCaseAction, ownerCasePage } from "~/features/takedowns/pages.server";
import { FlashNotice } from "~/ui/FlashNotice";
import { pipeHeaders } from "~/platform/http/page-answer";

export const meta: MetaFunction = () => privateMeta("A complaint about your listing");
export const headers = pipeHeaders;

export const loader = ({ request, params, context }: LoaderFunctionArgs) =>
  ownerCasePage(request, params.caseId, context);
export const action = ({ request, params, context }: ActionFunctionArgs) =>
  ownerCaseAction(request, params.caseId, context);

export default function OwnerTakedownCase() {
  const c = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>() as { errors: Record<string, string> } | undefined;
  const busy = useNavigation().state === "submitting";
  return (
    <InfoPage
      title="A complaint about your listing"
      lead="Someone says they are the person in your listing, or that its photos are theirs, and that they did not agree. The Harmful Digital Communications Act 2015 gives you 48 hours to answer."
    >
      <div className="space-y-6">
        <FlashNotice notice={c.notice} />
        <OwnerCase {...c} errors={result?.errors ?? {}} busy={busy} />
      </div>
    </InfoPage>
  );
}
