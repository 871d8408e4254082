// 'Download my data' (Privacy Act 2020 IPP 6): the password again, then one zip of the account's
// data. The form is a plain document POST, so the browser downloads the archive with or without JavaScript;
// the work is in app/features/dashboard/your-data-page.server.ts and data-export.server.ts.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { CurrentPasswordField } from "~/features/accounts/CurrentPasswordField";
import { InfoPage } from "~/features/site/InfoPage";
import { Alert } from "~/ui/Alert";
import { Button } from "~/ui/Button";
import { FIELD } from "~/features/accounts/settings/account-settings";
import { yourDataAction, yourDataPage } from "~/features/dashboard/your-data-page.server";
import { pipeHeaders } from "~/platform/http/page-answer";
import { privateMeta } from "~/features/site/seo";

export const meta: MetaFunction = () => privateMeta("Your data");

export const headers = pipeHeaders;

export const loader = ({ request, context }: LoaderFunctionArgs) => yourDataPage(request, context);

export const action = ({ request, context }: ActionFunctionArgs) => yourDataAction(request, context);

/**
 * The password was right: the archive's one-time link is followed at once (a refresh to it, which needs no
 * JavaScript), and the page says so instead of anything an earlier try said.
 */
function DownloadStarted({ href }: { href: string }) {
  return (
    <>
      <meta httpEquiv="refresh" content={`0;url=${href}`} />
      <Alert tone="success" reveal={href} data-testid="download-started">
        <p className="font-semibold">Your download has started.</p>
        <p className="mt-1">
          If it has not, <a href={href}>download it here</a>: the link works once, in the next two minutes. We will
          e-mail you to say it was downloaded.
        </p>
      </Alert>
    </>
  );
}

export default function YourData() {
  const { freshSecondFactor } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const download = answer && "download" in answer ? answer.download : null;
  const result = answer && "error" in answer ? answer : null;
  const fieldError = result?.field === FIELD.currentPassword ? [result.error] : null;
  return (
    <InfoPage
      title="Your data"
      lead="Download one file with everything we hold about your account, to keep or to take elsewhere."
    >
      <div className="space-y-6">
        <ul>
          <li>Your account details, signed-in sessions, passkeys and two-factor sign-in (no passwords or keys).</li>
          <li>Each listing with every field, its rates, its photos and its monthly stats.</li>
          <li>Your account-security log, the plans you chose and your verification requests.</li>
        </ul>
        <p>
          The file is a zip archive. Anyone who has it can read it, so keep it somewhere safe. We will e-mail you to say
          it was downloaded.
        </p>
        {download ? <DownloadStarted href={download} /> : null}
        {result && !fieldError ? (
          <Alert tone="error" reveal={result}>
            {result.error}
          </Alert>
        ) : null}
        <Form method="post" reloadDocument className="space-y-4 rounded-2xl border border-line bg-panel p-6">
          <CurrentPasswordField id="data-export-password" errors={fieldError} freshSecondFactor={freshSecondFactor} />
          <Button type="submit" data-testid="download-data">
            Download my data
          </Button>
        </Form>
        <p>
          <Link to="/managesub">Back to account settings</Link>
        </p>
      </div>
    </InfoPage>
  );
}
