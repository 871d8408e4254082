// /login's sign-in form: e-mail and password, or a passkey.
import { getFormProps } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { useEffect } from "react";
import { Button } from "~/ui/Button";
import { loginModeHref } from "~/features/accounts/auth-redirect";
import type { SessionEnd } from "~/features/accounts/auth-redirect";
import { MSG } from "~/features/accounts/auth-schemas";
import { PasskeySignIn } from "~/features/accounts/second-factor/PasskeySignIn";
import { AuthCard, ErrorBox, NoticeBox, TextLink } from "./AuthParts";
import { EmailField, Hidden, PasswordField, useAuthForm } from "./auth-form";
import type { FormProps } from "./auth-form";

export function LoginForm({
  lastResult,
  redirectTo,
  busy,
  sessionEnded,
}: FormProps & { sessionEnded: SessionEnd | null }) {
  const { form, fields, message, errorFor } = useAuthForm("login", lastResult);
  // A refused sign-in is typed again from an empty password, as the page without JavaScript comes back
  // (the action never sends a password back): the e-mail stays, the wrong password does not. The input is
  // emptied as it stands, not through Conform's update, which would validate again and replace the
  // server's answer in the box with 'required'.
  const passwordId = fields.password.id;
  useEffect(() => {
    const input = lastResult?.status === "error" ? document.getElementById(passwordId) : null;
    if (input instanceof HTMLInputElement) input.value = "";
  }, [lastResult, passwordId]);
  return (
    <AuthCard title="Welcome Back" subtitle="Please log in to your account.">
      {sessionEnded ? (
        <NoticeBox
          tone="warn"
          message={sessionEnded === "password" ? MSG.signedOutByPasswordChange : MSG.sessionExpired}
        />
      ) : null}
      <ErrorBox id={form.errorId} message={message} />
      <Form method="post" replace {...getFormProps(form)} className="space-y-4" aria-label="Log in">
        <Hidden intent="login" redirectTo={redirectTo} />
        <EmailField field={fields.email} invalid={errorFor("email")} />
        <PasswordField field={fields.password} label="Password" kind="current" invalid={errorFor("password")} />
        <div className="flex justify-end">
          <TextLink to={loginModeHref("reset", redirectTo)}>Forgot your password?</TextLink>
        </div>
        <Button type="submit" size="lg" block busy={busy}>
          Login
        </Button>
      </Form>
      <PasskeySignIn redirectTo={redirectTo} />
      <p className="text-center">
        <TextLink to={loginModeHref("signup", redirectTo)}>Need an account? Sign Up</TextLink>
      </p>
      <p className="text-center text-xs text-muted">{MSG.confirmEmailHint}</p>
    </AuthCard>
  );
}
