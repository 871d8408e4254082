// /login: sign in, sign up and ask for a reset link (the forms and the action are in
// app/features/accounts/sign-in/), and the code step of a sign-in with two-factor on.
import { data } from "@remix-run/cloudflare";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData, useNavigation, useSearchParams } from "@remix-run/react";
import { useEffect } from "react";
import { loginModeFrom, sessionEndFrom, withoutSessionExpired } from "~/features/accounts/auth-redirect";
import { cookieIsSecure } from "~/platform/env";
import { NO_STORE, pipeHeaders } from "~/platform/http/page-answer";
import { privateMeta } from "~/features/site/seo";
import { clearPendingCookie, hasPendingCookie } from "~/features/accounts/sign-in/pending-sign-in.server";
import { pendingSignInOf } from "~/features/accounts/second-factor/sign-in.server";
import type { Intent } from "~/features/accounts/sign-in/auth-form";
import { loginAction } from "~/features/accounts/sign-in/login-action.server";
import { LoginForm } from "~/features/accounts/sign-in/LoginForm";
import { ResetRequestForm } from "~/features/accounts/sign-in/ResetRequestForm";
import { RecoveryStepForm, TotpStepForm } from "~/features/accounts/sign-in/SecondFactorSteps";
import { CheckInbox, SignupForm } from "~/features/accounts/sign-in/SignupForm";

export const meta: MetaFunction = ({ location }) => {
  const mode = loginModeFrom(new URLSearchParams(location.search));
  const title = mode === "signup" ? "Create an Account" : mode === "reset" ? "Reset Password" : "Login";
  return privateMeta(title);
};

// Per-person pages: the loader's no-store reaches the document response.
export const headers = pipeHeaders;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const env = context.cloudflare.env;
  const url = new URL(request.url);
  const headers = new Headers(NO_STORE);
  // A pending sign-in (password right, two-factor on) shows the code step, with or without JavaScript.
  const secondFactor = Boolean(await pendingSignInOf(request, env));
  if (!secondFactor && hasPendingCookie(request, cookieIsSecure(env)))
    headers.append("Set-Cookie", clearPendingCookie(cookieIsSecure(env)));
  return data({ sessionEnded: sessionEndFrom(url.searchParams), secondFactor }, { headers });
}

export const action = (args: ActionFunctionArgs) => loginAction(args);

export default function LoginPage() {
  const { sessionEnded, secondFactor } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [params] = useSearchParams();
  const navigation = useNavigation();
  const mode: Intent = secondFactor
    ? params.get("method") === "recovery"
      ? "recovery"
      : "totp"
    : loginModeFrom(params);
  const redirectTo = params.get("redirectTo");
  const busy = navigation.state !== "idle" && navigation.formMethod != null;

  useEffect(() => {
    // Shown once: a reload or a shared link should not keep saying the session expired.
    if (sessionEnded)
      window.history.replaceState(window.history.state, "", withoutSessionExpired(window.location.href));
  }, [sessionEnded]);

  // An answer belongs to the form that was sent; switching forms leaves it behind.
  const server = actionData && actionData.intent === mode ? actionData : undefined;
  const props = { lastResult: server?.result, redirectTo, busy };

  if (mode === "totp") return <TotpStepForm key="totp" {...props} />;
  if (mode === "recovery") return <RecoveryStepForm key="recovery" {...props} />;
  if (mode === "signup")
    return server?.notice ? (
      <CheckInbox notice={server.notice} sentTo={server.sentTo ?? null} redirectTo={redirectTo} />
    ) : (
      <SignupForm key="signup" {...props} />
    );
  if (mode === "reset") return <ResetRequestForm key="reset" {...props} notice={server?.notice} />;
  return <LoginForm key="login" {...props} sessionEnded={sessionEnded} />;
}
