// Two-factor sign-in settings (docs/accounts.md): turn it on with an authenticator app, prove it in a session that
// predates it, replace the app, make new recovery codes, turn it off. Administrators arrive here from any
// admin page until their session has a second factor. The work is in app/features/accounts/second-factor/totp-page.server.ts.
import { data, redirect } from "@remix-run/cloudflare";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import type { SubmissionResult } from "@conform-to/react";
import { RecoveryCodesPanel, SetUpPanel, StepUpPanel } from "~/features/accounts/second-factor/TotpSettings";
import type { Reply } from "~/features/accounts/second-factor/TotpSettings";
import { ManagePanels, StartSetUpPanel, TwoFactorStatus } from "~/features/accounts/second-factor/TwoFactorPanels";
import { InfoPage } from "~/features/site/InfoPage";
import { Alert } from "~/ui/Alert";
import { formatNzTime } from "~/platform/time/date-text";
import { safeRedirect } from "~/platform/http/redirects";
import { TWO_FACTOR_MSG } from "~/features/accounts/second-factor/totp";
import { getCurrentSession } from "~/features/accounts/auth.server";
import { requireUser, requireUserForPost } from "~/features/accounts/guards.server";
import { readForm } from "~/platform/http/body.server";
import { hasFreshSecondFactor } from "~/features/accounts/reauth.server";
import { twoFactorAction, twoFactorPageData } from "~/features/accounts/second-factor/totp-page.server";
import type { TwoFactorActionResult, TwoFactorIntent } from "~/features/accounts/second-factor/totp-page.server";
import { NO_STORE, pipeHeaders } from "~/platform/http/page-answer";
import { privateMeta } from "~/features/site/seo";

export const meta: MetaFunction = () => privateMeta("Two-factor sign-in");

export const headers = pipeHeaders;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const env = context.cloudflare.env;
  await requireUser(request, context);
  const current = await getCurrentSession(request, env);
  if (!current) throw new Response(null, { status: 401 });
  const page = await twoFactorPageData(request, env, current.user, current.session);
  return data(
    {
      ...page,
      enabledAt: page.enabledAt ? formatNzTime(page.enabledAt) : null,
      freshSecondFactor: hasFreshSecondFactor(current.session),
      siteName: env.SITE_NAME || "Kiwi Companions",
    },
    { headers: NO_STORE },
  );
}

type ActionData = TwoFactorActionResult & { reply?: SubmissionResult<string[]> };

export async function action({ request, context }: ActionFunctionArgs) {
  const cf = context.cloudflare;
  const path = new URL(request.url);
  await requireUserForPost(request, cf.env, path.pathname + path.search);
  const current = await getCurrentSession(request, cf.env);
  const form = await readForm(request);
  if (!current || !form)
    return data<ActionData>({ intent: null, error: "Please try again." }, { status: 400, headers: NO_STORE });
  const { status, body } = await twoFactorAction(request, cf, current.user, current.session, form);
  // A step-up has nothing to show: straight on to where the visitor was going (an admin page, say).
  const next = safeRedirect(form.get("redirectTo"), "");
  if (body.intent === "stepUp" && status === 200 && next) throw redirect(next, { status: 303, headers: NO_STORE });
  // In the shape Conform reads: the message beside its field, or the form's own.
  const reply: SubmissionResult<string[]> | undefined = body.error
    ? { status: "error", error: { [body.field ?? ""]: [body.error] } }
    : undefined;
  return data<ActionData>({ ...body, reply }, { status, headers: NO_STORE });
}

export default function TwoFactorPage() {
  const page = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>() as ActionData | undefined;
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const replyFor = (intent: TwoFactorIntent): Reply => (result?.intent === intent ? result.reply : undefined);
  const codes = result?.recoveryCodes;
  const unknownError = result && result.intent === null ? result.error : null;

  return (
    <InfoPage title="Two-factor sign-in">
      <div className="space-y-8">
        {page.requiredForAdmin && !page.enabled ? (
          <Alert tone="warning" data-testid="admin-required">
            {TWO_FACTOR_MSG.adminRequired}
          </Alert>
        ) : null}
        {unknownError ? (
          <Alert tone="error" reveal={result}>
            {unknownError}
          </Alert>
        ) : null}
        {result?.notice ? (
          <Alert tone="success" data-testid="two-factor-notice">
            {result.notice}
          </Alert>
        ) : null}
        {page.unavailable ? <Alert tone="error">{TWO_FACTOR_MSG.unavailable}</Alert> : null}

        {codes ? <RecoveryCodesPanel codes={codes} siteName={page.siteName} continueTo={page.redirectTo} /> : null}

        <TwoFactorStatus
          enabledAt={page.enabled ? page.enabledAt : null}
          recoveryCodesLeft={page.recoveryCodesLeft}
          continueTo={!codes && page.enabled && !page.stepUpNeeded ? page.redirectTo : null}
        />

        {page.stepUpNeeded ? (
          <StepUpPanel lastResult={replyFor("stepUp")} busy={busy} redirectTo={page.redirectTo} />
        ) : page.setUp ? (
          <SetUpPanel
            setUp={page.setUp}
            replacing={page.enabled}
            freshSecondFactor={page.freshSecondFactor}
            passkeys={page.passkeys}
            redirectTo={page.redirectTo}
            lastResult={replyFor("confirm")}
            busy={busy}
          />
        ) : !page.unavailable ? (
          <StartSetUpPanel
            enabled={page.enabled}
            error={replyFor("start")?.error ? String(result?.error) : null}
            busy={busy}
          />
        ) : null}

        {page.enabled && !page.stepUpNeeded ? (
          <ManagePanels
            isAdminAccount={page.isAdminAccount}
            freshSecondFactor={page.freshSecondFactor}
            replyFor={replyFor}
            busy={busy}
          />
        ) : null}

        <p>
          <Link to="/managesub" className="inline-flex min-h-11 items-center text-accent underline underline-offset-2">
            Back to Account Settings
          </Link>
        </p>
      </div>
    </InfoPage>
  );
}
