// The stale-listing check's e-mailed link (docs/dashboard.md): the page asks, one button answers. Opening the link
// changes nothing, so a mail scanner that fetches it cannot answer for the owner; the POST confirms that one
// listing, once, and signs nobody in. A link used already or made up is a 400, one past its 14 days a 410,
// both saying to confirm from the dashboard instead, as soon as the link is opened. The work is in app/features/listings/stale-check.server.ts.
import { data } from "@remix-run/cloudflare";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import type { ShouldRevalidateFunction } from "@remix-run/react";
import { InfoPage } from "~/features/site/InfoPage";
import { Alert } from "~/ui/Alert";
import { Button } from "~/ui/Button";
import { confirmByLink, staleLinkRefusal } from "~/features/listings/stale-check.server";
import { LINK_PAGE_HEADERS, linkPageHeadersFunction } from "~/platform/http/link-page";
import { privateMeta } from "~/features/site/seo";

// The token is in the URL: the one-time link pages' policy (app/platform/http/link-page.ts).
export const meta: MetaFunction = () => privateMeta("Still available?");
const HEADERS = LINK_PAGE_HEADERS;
export const headers = linkPageHeadersFunction;

// The load contexts of requests whose action has just used the link. A POST without JavaScript renders the
// page in the same request, loader after action: the link is spent by then, and the action's answer is what
// the page shows (its status too).
const answeredHere = new WeakSet<object>();

// Read only: a link that does not work now says so as soon as it is opened (400 for one used already or
// made up, 410 for one past its days), not only after its button is pressed.
export async function loader({ params, context }: LoaderFunctionArgs) {
  if (answeredHere.has(context)) return data({ error: null as string | null }, { headers: HEADERS });
  const refused = await staleLinkRefusal(context.cloudflare.env, params.token ?? "");
  if (refused) return data({ error: refused.error as string | null }, { status: refused.status, headers: HEADERS });
  return data({ error: null as string | null }, { headers: HEADERS });
}

// With JavaScript the same: after its own POST the loader is not asked again.
export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod, defaultShouldRevalidate }) =>
  formMethod && formMethod.toUpperCase() === "POST" ? false : defaultShouldRevalidate;

export async function action({ params, context }: ActionFunctionArgs) {
  const { env, ctx } = context.cloudflare;
  answeredHere.add(context);
  const result = await confirmByLink(env, ctx, params.token ?? "");
  if (!result.ok) return data({ ok: false as const, error: result.error }, { status: result.status, headers: HEADERS });
  return data({ ok: true as const, name: result.name, live: result.live }, { headers: HEADERS });
}

export default function StillAvailable() {
  const opened = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  if (result?.ok) {
    return (
      <InfoPage title="Thank you">
        <p data-testid="stale-confirmed">
          {result.live
            ? `${result.name} stays on the list. We will ask again in 30 days if it has not been saved by then.`
            : `${result.name} is confirmed. It is not public at the moment: see your dashboard.`}
        </p>
        <p>
          <Link to="/dashboard">Go to your dashboard</Link>
        </p>
      </InfoPage>
    );
  }
  const error = result ? result.error : opened?.error;
  if (error) {
    return (
      <InfoPage title="This link no longer works">
        <div className="space-y-4">
          <Alert tone="error" data-testid="stale-error">
            {error}
          </Alert>
          <p>
            <Link to="/dashboard">Go to your dashboard</Link>
          </p>
        </div>
      </InfoPage>
    );
  }
  return (
    <InfoPage title="Is your listing still available?">
      <div className="space-y-4">
        <p>Confirm that your listing is still current, and it stays on the list.</p>
        <Form method="post">
          <Button type="submit" size="lg" busy={busy} data-testid="still-available">
            Still available
          </Button>
        </Form>
      </div>
    </InfoPage>
  );
}
