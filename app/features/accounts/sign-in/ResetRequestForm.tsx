// /login?action=reset: asks for a password reset link.
import { getFormProps } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { Button } from "~/ui/Button";
import { loginModeHref } from "~/features/accounts/auth-redirect";
import { LABEL } from "~/features/site/messages";
import { AuthCard, ErrorBox, NoticeBox, TextLink } from "./AuthParts";
import { EmailField, Hidden, useAuthForm } from "./auth-form";
import type { FormProps } from "./auth-form";

export function ResetRequestForm({ lastResult, redirectTo, busy, notice }: FormProps & { notice?: string }) {
  const { form, fields, message, errorFor } = useAuthForm("reset", lastResult);
  return (
    <AuthCard title="Reset Password" subtitle="Enter your email to receive a reset link.">
      <ErrorBox id={form.errorId} message={message} />
      <NoticeBox message={message ? null : notice} />
      <Form method="post" replace {...getFormProps(form)} className="space-y-4" aria-label="Request a reset link">
        <Hidden intent="reset" redirectTo={redirectTo} />
        <EmailField field={fields.email} invalid={errorFor("email")} />
        <Button type="submit" size="lg" block busy={busy}>
          Send Reset Link
        </Button>
      </Form>
      <p className="text-center">
        <TextLink to={loginModeHref("login", redirectTo)}>{LABEL.backToLogin}</TextLink>
      </p>
    </AuthCard>
  );
}
