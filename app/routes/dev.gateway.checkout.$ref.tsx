// The local test gateway's hosted checkout page (app/dev/test-gateway.server.ts).
// Development only, and only on this machine, like /dev/outbox. It stands where a real provider's card form
// would: the choice made here is sent to the app as a signed notification, then the payer goes back.
import { redirect } from "@remix-run/cloudflare";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, useLoaderData, useNavigation } from "@remix-run/react";
import { formatDollarsAndCents } from "~/platform/money";
import { readForm } from "~/platform/http/body.server";
import { paymentGateway } from "~/features/payments/select.server";
import { decodeCheckout } from "~/dev/test-gateway-checkout.server";
import { TEST_OUTCOMES, TestGateway } from "~/dev/test-gateway.server";
import type { TestOutcome } from "~/dev/test-gateway.server";
import { devToolsAllowed, siteOrigin } from "~/platform/http/site-origin.server";
import { privateMeta } from "~/features/site/seo";

export const meta: MetaFunction = () => privateMeta("Test payment gateway");

const NOT_FOUND = () => new Response("Not found", { status: 404 });

async function checkoutOf(request: Request, env: Env, ref: string | undefined) {
  if (!devToolsAllowed(env, request)) throw NOT_FOUND();
  const checkout = await decodeCheckout(new URL(request.url).searchParams.get("t"));
  if (!checkout || checkout.reference !== ref) throw NOT_FOUND();
  return checkout;
}

/** As a provider's page does once it has run out or been cancelled: nothing can be paid on it. */
const EXPIRED = () =>
  new Response("This payment page has expired. Go back to the site and choose your plan again.", { status: 410 });

function testGateway(request: Request, context: LoaderFunctionArgs["context"]) {
  const { env, ctx } = context.cloudflare;
  const gateway = paymentGateway(env, ctx, siteOrigin(env, request));
  if (!(gateway instanceof TestGateway)) throw NOT_FOUND();
  return gateway;
}

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const checkout = await checkoutOf(request, context.cloudflare.env, params.ref);
  if (!(await testGateway(request, context).payable(checkout))) throw EXPIRED();
  return {
    description: checkout.description,
    amount: formatDollarsAndCents(checkout.amountCents),
    currency: checkout.currency,
    cancelUrl: checkout.cancelUrl,
  };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { env, ctx } = context.cloudflare;
  const checkout = await checkoutOf(request, env, params.ref);
  const form = await readForm(request);
  const outcome = form?.get("outcome");
  if (typeof outcome !== "string" || !(TEST_OUTCOMES as readonly string[]).includes(outcome)) {
    return new Response("Choose an outcome", { status: 400 });
  }
  const gateway = testGateway(request, context);
  if (!(await gateway.payable(checkout))) throw EXPIRED();
  // Recorded in the gateway's books, then notified through the webhook's own handler (see select.server.ts):
  // verified, then applied; never for approve_lost, whose payment the app must look up.
  await gateway.completeCheckout(checkout, outcome as TestOutcome, (p) => ctx.waitUntil(p));
  throw redirect(checkout.returnUrl, 303);
}

const BUTTON = "inline-flex min-h-12 w-full items-center justify-center rounded-lg px-5 font-semibold";

export default function TestGatewayCheckout() {
  const { description, amount, currency, cancelUrl } = useLoaderData<typeof loader>();
  const busy = useNavigation().state !== "idle";
  return (
    <div className="mx-auto max-w-md space-y-6 px-4 py-12">
      <p className="text-sm uppercase tracking-wide text-muted">Test payment gateway (development only)</p>
      <h1 className="text-2xl font-bold">Pay {amount}</h1>
      <p>
        {description}: <strong>{amount}</strong> {currency}
      </p>
      <p className="text-sm text-muted">No card is needed: choose what the card does.</p>
      <Form method="post" className="space-y-3">
        <button name="outcome" value="approve" disabled={busy} className={`${BUTTON} bg-accent text-ink`}>
          Approve
        </button>
        <button name="outcome" value="approve_delayed" disabled={busy} className={`${BUTTON} border border-accent`}>
          Approve after a delay
        </button>
        <button name="outcome" value="approve_failing_card" disabled={busy} className={`${BUTTON} border border-line`}>
          Approve with a card that fails renewals
        </button>
        <button name="outcome" value="approve_lost" disabled={busy} className={`${BUTTON} border border-line`}>
          Approve, but lose the notification
        </button>
        <button name="outcome" value="decline" disabled={busy} className={`${BUTTON} border border-red-400`}>
          Decline
        </button>
      </Form>
      <a href={cancelUrl} className="block text-center text-accent underline">
        Cancel and go back
      </a>
    </div>
  );
}
