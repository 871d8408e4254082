// The provider's booking requests (docs/decisions/0052-booking-requests.md): the switch per listing, the inbox
// with each request's screening and answers, and the private block list. The work is in
// app/features/bookings/inbox-page.server.ts.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { InboxPage } from "~/features/bookings/components/InboxPage";
import { inboxAction, inboxPage } from "~/features/bookings/inbox-page.server";
import type { InboxResult } from "~/features/bookings/views";
import { InfoPage } from "~/features/site/InfoPage";
import { privateMeta } from "~/features/site/seo";
import { pipeHeaders } from "~/platform/http/page-answer";

export const meta: MetaFunction = () => privateMeta("Booking requests");
export const headers = pipeHeaders;

export const loader = ({ request, context }: LoaderFunctionArgs) => inboxPage(request, context);
export const action = ({ request, context }: ActionFunctionArgs) => inboxAction(request, context);

export default function BookingRequests() {
  const page = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>() as InboxResult | undefined;
  return (
    <InfoPage title="Booking requests" lead="Requests sent from your profile, screened before you see them.">
      <InboxPage page={page} result={result} />
    </InfoPage>
  );
}
