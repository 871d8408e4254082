// Back from the payment provider. Only the provider's verified notification (or its own answer to
// our lookup, which is as good) changes money state, so this page says 'Payment processing…' until one has
// arrived, checking again every two seconds, and then shows what happened. Still pending after 10 seconds,
// it asks the server to look the payment up at the provider (decision 0015 "Looking a payment up"): a lost
// notification does not leave the payer waiting. "Check again" does the same without JavaScript. The server
// asks the provider at most once per payment every 10 seconds, however often this is posted. The work is in
// app/features/billing/return-page/return-page.server.ts.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData, useLocation } from "@remix-run/react";
import { InfoPage } from "~/features/site/InfoPage";
import { PaymentOutcome } from "~/features/billing/return-page/PaymentOutcome";
import { paymentReturnAction, paymentReturnPage } from "~/features/billing/return-page/return-page.server";
import { useReturnPolling } from "~/features/billing/return-page/useReturnPolling";
import { pipeHeaders } from "~/platform/http/page-answer";
import { privateMeta } from "~/features/site/seo";

export const meta: MetaFunction = () => privateMeta("Payment");
export const headers = pipeHeaders;

export const loader = ({ request, params, context }: LoaderFunctionArgs) =>
  paymentReturnPage(request, params.ref, context);

export const action = ({ request, params, context }: ActionFunctionArgs) =>
  paymentReturnAction(request, params.ref, context);

export default function PaymentReturn() {
  const result = useLoaderData<typeof loader>();
  const waiting = result.status === "open" && !result.cancelled;
  const { pathname, search } = useLocation();
  const pageHref = pathname + search;
  useReturnPolling(waiting);

  return (
    <InfoPage width="medium" title="Your payment">
      <div className="space-y-6" data-testid="payment-result" data-status={result.status}>
        <PaymentOutcome result={result} pageHref={pageHref} />
        <p className="flex flex-wrap gap-4">
          <Link to="/managesub" className="text-accent underline underline-offset-2">
            Your subscriptions and receipts
          </Link>
          {/* Not while it waits: a second plan chosen meanwhile would replace the checkout being paid. */}
          {result.status !== "succeeded" && !waiting && !result.pastDue ? (
            <Link to={`/subscriptions?tier=${result.tier}`} className="text-accent underline underline-offset-2">
              Choose a plan again
            </Link>
          ) : null}
          <Link to="/dashboard" className="text-accent underline underline-offset-2">
            Dashboard
          </Link>
        </p>
      </div>
    </InfoPage>
  );
}
