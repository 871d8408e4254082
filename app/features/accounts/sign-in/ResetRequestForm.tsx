// /login?action=reset: asks for a password reset link.
import { getFormProps, getInputProps } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { Button } from "~/ui/Button";
import { Field } from "~/ui/Field";
import { loginModeHref } from "~/features/accounts/auth-redirect";
import { LABEL } from "~/features/site/messages";
import { AuthCard, ErrorBox, NoticeBox, TextLink } from "./AuthParts";
import { emailInput, Hidden, useAuthForm, type FormProps } from "./auth-form";

export function ResetRequestForm({ lastResult, redirectTo, busy, notice }: FormProps & { notice?: string }) {
  const { form, fields, message, errorFor } = useAuthForm("reset", lastResult);
  return (
    <AuthCard title="Reset Password" subtitle="Enter your email to receive a reset link.">
      <ErrorBox id={form.errorId} message={message} />
      <NoticeBox message={message ? null : notice} />
      <Form method="post" replace {...getFormProps(form)} className="space-y-4" aria-label="Request a reset link">
        <Hidden intent="reset" redirectTo={redirectTo} />
        <Field
          variant="compact"
          label="Email"
          errorElsewhere={errorFor("email")}
          input={{ ...getInputProps(fields.email, { type: "email" }), ...emailInput }}
        />
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
