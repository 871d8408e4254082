// 'Request a booking' for a listing that takes requests (docs/decisions/0052-booking-requests.md): a visitor
// with no account asks for a time, proves their mobile number with a code by SMS, and the request reaches the
// provider's inbox screened. The work is in app/features/bookings/request-page.server.ts.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { isRouteErrorResponse, Link, useActionData, useLoaderData, useRouteError } from "@remix-run/react";
import { BookingRequestPage } from "~/features/bookings/components/BookingRequestPage";
import { requestAction, requestPage } from "~/features/bookings/request-page.server";
import type { RequestPageResult } from "~/features/bookings/views";
import { InfoPage } from "~/features/site/InfoPage";
import { privateMeta } from "~/features/site/seo";
import { pipeHeaders } from "~/platform/http/page-answer";

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  privateMeta(data ? `Request a booking with ${data.firstName}` : "Request a booking");
export const headers = pipeHeaders;

export const loader = ({ request, params, context }: LoaderFunctionArgs) =>
  requestPage(request, context, params.listingId);
export const action = ({ request, params, context }: ActionFunctionArgs) =>
  requestAction(request, context, params.listingId);

export default function RequestABooking() {
  const page = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>() as RequestPageResult | undefined;
  return (
    <InfoPage
      title={`Request a booking with ${page.firstName}`}
      lead="Send your request here and it goes straight to their inbox. No account needed."
    >
      <BookingRequestPage page={page} result={result} />
    </InfoPage>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const message =
    isRouteErrorResponse(error) && typeof error.data === "string"
      ? error.data
      : "This page could not be shown. Please try again.";
  return (
    <div className="mx-auto max-w-xl space-y-4 px-4 py-16 text-center" data-testid="booking-error">
      <p className="text-lg">{message}</p>
      <Link to="/" className="inline-flex min-h-11 items-center rounded-lg bg-accent px-4 font-semibold text-ink">
        Back to all listings
      </Link>
    </div>
  );
}
