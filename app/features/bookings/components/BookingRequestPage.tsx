// The visitor's page, whichever step they are on: the form, the code, or the answer every sent request gets.
import { Link } from "@remix-run/react";
import { Alert } from "~/ui/Alert";
import { buttonClass } from "~/ui/Button";
import type { RequestPageData, RequestPageResult } from "../views";
import { CodeForm } from "./CodeForm";
import { RequestForm } from "./RequestForm";

export function BookingRequestPage({ page, result }: { page: RequestPageData; result: RequestPageResult | undefined }) {
  const back = (
    <Link to={`/view/${page.listingId}`} className={buttonClass({ variant: "secondary" })}>
      Back to {page.firstName}&apos;s profile
    </Link>
  );
  if (!page.available)
    return (
      <div className="space-y-4">
        <Alert tone="warning" data-testid="booking-unavailable">
          Booking requests are not available right now. Please use the SMS button on the profile instead.
        </Alert>
        {back}
      </div>
    );
  if (page.sent && !result)
    return (
      <div className="space-y-4">
        <Alert tone="success" data-testid="booking-sent">
          <p className="font-semibold">Your request has been sent.</p>
          <p className="mt-1">
            If {page.firstName} can see you, you will get a text. No reply means it did not suit this time.
          </p>
        </Alert>
        {back}
      </div>
    );
  if (result?.step === "code")
    return <CodeForm codeId={result.codeId} masked={result.masked} errors={result.errors} resent={result.resent} />;
  return (
    <RequestForm
      firstName={page.firstName}
      today={page.today}
      lastDay={page.lastDay}
      errors={result?.step === "form" ? result.errors : {}}
      values={result?.step === "form" ? result.values : {}}
    />
  );
}
