// The stale-listing check's e-mailed link (issue 16): the page asks, one button answers. Opening the link
// changes nothing, so a mail scanner that fetches it cannot answer for the owner; the POST confirms that one
// listing, once, and signs nobody in. A link used already or made up is a 400, one past its 14 days a 410,
// both saying to confirm from the dashboard instead. The work is in app/server/stale-check.server.ts.
import {
  data,
  type ActionFunctionArgs,
  type HeadersFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { InfoPage } from "~/components/InfoPage";
import { Alert } from "~/components/ui/Alert";
import { Button } from "~/components/ui/Button";
import { isTokenShape } from "~/server/session-cookie.server";
import { confirmByLink, staleLinkRefusal } from "~/server/stale-check.server";

export const meta: MetaFunction = () => [
  { title: "Still available? | Kiwi Companions" },
  { name: "robots", content: "noindex" },
];

// The token is in the URL: not stored, not sent on to other sites (strict-origin keeps the form's Origin).
const HEADERS = { "Cache-Control": "no-store", "Referrer-Policy": "strict-origin" };
export const headers: HeadersFunction = () => HEADERS;

// Read only: an expired link (410) or one that cannot be a link (400) says so at once, not after its button
// is pressed. A link used already cannot be told from one just used by this page's own POST (Remix runs
// this loader again after the action, when the link is gone), so it shows the button, which then says so.
export async function loader({ params, context }: LoaderFunctionArgs) {
  const refused = await staleLinkRefusal(context.cloudflare.env, params.token ?? "");
  if (refused && (refused.status === 410 || !isTokenShape(params.token ?? "")))
    return data({ error: refused.error as string | null }, { status: refused.status, headers: HEADERS });
  return data({ error: null as string | null }, { headers: HEADERS });
}

export async function action({ params, context }: ActionFunctionArgs) {
  const { env, ctx } = context.cloudflare;
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
  const error = result?.error ?? opened?.error;
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
