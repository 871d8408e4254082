// The agency's roster (docs/decisions/0060-agency-roster.md): its listings' shifts by day, 'off today', 'copy last
// week' and templates. The work is in app/features/agencies/roster-page.server.ts.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { RosterPage } from "~/features/agencies/RosterPage";
import { rosterAction, rosterPage } from "~/features/agencies/roster-page.server";
import type { RosterResult } from "~/features/agencies/roster";
import { InfoPage } from "~/features/site/InfoPage";
import { privateMeta } from "~/features/site/seo";
import { pipeHeaders } from "~/platform/http/page-answer";

export const meta: MetaFunction = () => privateMeta("Roster");
export const headers = pipeHeaders;

export const loader = ({ request, context }: LoaderFunctionArgs) => rosterPage(request, context);
export const action = ({ request, context }: ActionFunctionArgs) => rosterAction(request, context);

export default function Roster() {
  const page = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>() as RosterResult | undefined;
  return (
    <InfoPage
      title="Roster"
      width="wide"
      lead="Your listings' shifts by day, in New Zealand time. A shift replaces that day's weekly hours on her profile and card; Off shows her as not working that day; an empty day keeps her weekly hours. A shift can run past midnight (18:00 to 02:00)."
    >
      <RosterPage page={page} result={result} />
    </InfoPage>
  );
}
