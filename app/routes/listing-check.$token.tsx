// The stale-listing check's e-mailed link (issue 16): the page asks, one button answers. Opening the link
// changes nothing, so a mail scanner that fetches it cannot answer for the owner; the POST confirms that one
// listing, once, and signs nobody in. The work is in app/server/stale-check.server.ts.
import {
  data,
  type ActionFunctionArgs,
  type HeadersFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import { Form, Link, useActionData, useNavigation } from "@remix-run/react";
import { InfoPage } from "~/components/InfoPage";
import { Alert } from "~/components/ui/Alert";
import { Button } from "~/components/ui/Button";
import { confirmByLink } from "~/server/stale-check.server";

export const meta: MetaFunction = () => [
  { title: "Still available? | Kiwi Companions" },
  { name: "robots", content: "noindex" },
];

// The token is in the URL: not stored, not sent on to other sites (strict-origin keeps the form's Origin).
const HEADERS = { "Cache-Control": "no-store", "Referrer-Policy": "strict-origin" };
export const headers: HeadersFunction = () => HEADERS;

export const loader = (_: LoaderFunctionArgs) => data(null, { headers: HEADERS });

export async function action({ params, context }: ActionFunctionArgs) {
  const { env, ctx } = context.cloudflare;
  const result = await confirmByLink(env, ctx, params.token ?? "");
  if (!result.ok) return data({ ok: false as const, error: result.error }, { status: result.status, headers: HEADERS });
  return data({ ok: true as const, name: result.name, live: result.live }, { headers: HEADERS });
}

export default function StillAvailable() {
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
  return (
    <InfoPage title="Is your listing still available?">
      <div className="space-y-4">
        {result ? (
          <Alert tone="error" data-testid="stale-error">
            {result.error}
          </Alert>
        ) : null}
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
