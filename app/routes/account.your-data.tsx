// 'Download my data' (Privacy Act 2020 IPP 6): the password again, then one zip of the account's
// data. The form is a plain document POST, so the browser downloads the archive with or without JavaScript;
// the work is in app/features/dashboard/data-export.server.ts.
import {
  data,
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { CurrentPasswordField } from "~/features/accounts/settings/CurrentPasswordField";
import { InfoPage } from "~/features/site/InfoPage";
import { Alert } from "~/ui/Alert";
import { Button } from "~/ui/Button";
import { FIELD } from "~/features/accounts/settings/account-settings";
import { getCurrentSession } from "~/features/accounts/auth.server";
import { requireUser, requireUserForPost } from "~/features/accounts/guards.server";
import { startDataExport } from "~/features/dashboard/data-export.server";
import { readForm } from "~/platform/http/body.server";
import { hasFreshSecondFactor } from "~/features/accounts/reauth.server";
import { NO_STORE, pipeHeaders } from "~/platform/http/page-answer";
import { privateMeta } from "~/features/site/seo";

export const meta: MetaFunction = () => privateMeta("Your data");

export const headers = pipeHeaders;

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireUser(request, context);
  const current = await getCurrentSession(request, context.cloudflare.env);
  return data({ freshSecondFactor: current ? hasFreshSecondFactor(current.session) : false }, { headers: NO_STORE });
}

type ActionData = { error: string; field: string | null };

export async function action({ request, context }: ActionFunctionArgs) {
  const cf = context.cloudflare;
  await requireUserForPost(request, cf.env, "/account/your-data");
  const current = await getCurrentSession(request, cf.env);
  const form = await readForm(request);
  if (!current || !form)
    return data<ActionData>({ error: "Please try again.", field: null }, { status: 400, headers: NO_STORE });
  const result = await startDataExport(request, cf, current.user, current.session, form.get(FIELD.currentPassword));
  if (!result.ok)
    return data<ActionData>(
      { error: result.error, field: result.field ?? null },
      { status: result.status, headers: NO_STORE },
    );
  // The link is good for this session for two minutes; the browser downloads it and stays on this page.
  throw redirect(result.href, { status: 303, headers: NO_STORE });
}

export default function YourData() {
  const { freshSecondFactor } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
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
