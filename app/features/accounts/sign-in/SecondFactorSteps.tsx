// The code step of a sign-in with two-factor on: a code from the app, or a recovery code with the password.
import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { Form } from "@remix-run/react";
import type { ReactNode } from "react";
import { Button } from "~/ui/Button";
import { Field } from "~/ui/Field";
import { PASSWORD_MAX } from "~/features/accounts/auth-schemas";
import { TWO_FACTOR_MSG } from "~/features/accounts/second-factor/totp";
import { PasskeySignIn } from "~/features/accounts/second-factor/PasskeySignIn";
import { AuthCard, ErrorBox, TextLink } from "./AuthParts";
import { Hidden, PARSE } from "./auth-form";
import type { FormProps } from "./auth-form";

/** A link within the code step that keeps redirectTo. */
function stepHref(method: "recovery" | null, redirectTo: string | null): string {
  const params = new URLSearchParams();
  if (method) params.set("method", method);
  if (redirectTo) params.set("redirectTo", redirectTo);
  const q = params.toString();
  return q ? `/login?${q}` : "/login";
}

/** Back to the e-mail and password: drops the pending sign-in's cookie. */
function RestartForm({ redirectTo }: { redirectTo: string | null }) {
  return (
    <Form method="post" replace className="text-center">
      <input type="hidden" name="intent" value="restart" />
      {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
      <button type="submit" className="min-h-11 text-sm text-accent underline underline-offset-2">
        Sign in with a different account
      </button>
    </Form>
  );
}

/**
 * The shell both code steps share: the card, the form-wide refusal, the form with its hidden fields, the way
 * to the other kind of step, and the way back to the password.
 */
function SecondFactorStep({
  intent,
  title,
  subtitle,
  formProps,
  formError,
  formLabel,
  submitLabel,
  switchTo,
  redirectTo,
  busy,
  children,
  after,
}: {
  intent: "totp" | "recovery";
  title: string;
  subtitle: string;
  /** getFormProps(form), and the form-wide refusal's id and text. */
  formProps: ReturnType<typeof getFormProps>;
  formError: { id: string; message: string | undefined };
  formLabel: string;
  submitLabel: string;
  switchTo: { method: "recovery" | null; label: string };
  redirectTo: string | null;
  busy: boolean;
  children: ReactNode;
  after?: ReactNode;
}) {
  return (
    <AuthCard title={title} subtitle={subtitle}>
      {/* Only form-wide refusals (too many attempts) go in the red box; a field's own message is beside it. */}
      <ErrorBox id={formError.id} message={formError.message} />
      <Form method="post" replace {...formProps} className="space-y-4" aria-label={formLabel}>
        <Hidden intent={intent} redirectTo={redirectTo} />
        {children}
        <Button type="submit" size="lg" block busy={busy}>
          {submitLabel}
        </Button>
      </Form>
      <p className="text-center">
        <TextLink to={stepHref(switchTo.method, redirectTo)}>{switchTo.label}</TextLink>
      </p>
      {after}
      <RestartForm redirectTo={redirectTo} />
    </AuthCard>
  );
}

export function TotpStepForm({ lastResult, redirectTo, busy }: FormProps) {
  const [form, fields] = useForm({
    id: "auth-totp",
    lastResult,
    onValidate: ({ formData }) => PARSE.totp(formData),
  });
  return (
    <SecondFactorStep
      intent="totp"
      title="Two-factor sign-in"
      subtitle={TWO_FACTOR_MSG.codeRequired}
      formProps={getFormProps(form)}
      formError={{ id: form.errorId, message: form.errors?.[0] }}
      formLabel="Enter your code"
      submitLabel="Verify"
      switchTo={{ method: "recovery", label: "Use a recovery code instead" }}
      redirectTo={redirectTo}
      busy={busy}
      // A passkey is a whole way in by itself, so it can stand in for the code.
      after={<PasskeySignIn redirectTo={redirectTo} />}
    >
      <Field
        variant="compact"
        label="6-digit code"
        errors={fields.code.errors}
        input={{
          ...getInputProps(fields.code, { type: "text" }),
          autoComplete: "one-time-code",
          inputMode: "numeric",
          pattern: "[0-9 \\-]*",
          required: true,
          maxLength: 20,
          autoFocus: true,
        }}
      />
    </SecondFactorStep>
  );
}

export function RecoveryStepForm({ lastResult, redirectTo, busy }: FormProps) {
  const [form, fields] = useForm({
    id: "auth-recovery",
    lastResult,
    onValidate: ({ formData }) => PARSE.recovery(formData),
  });
  return (
    <SecondFactorStep
      intent="recovery"
      title="Use a recovery code"
      subtitle="Enter one of the recovery codes you saved and your password. Each code works once."
      formProps={getFormProps(form)}
      formError={{ id: form.errorId, message: form.errors?.[0] }}
      formLabel="Enter a recovery code"
      submitLabel="Sign in"
      switchTo={{ method: null, label: "Use your authenticator app instead" }}
      redirectTo={redirectTo}
      busy={busy}
    >
      <Field
        variant="compact"
        label="Recovery code"
        errors={fields.recoveryCode.errors}
        input={{
          ...getInputProps(fields.recoveryCode, { type: "text" }),
          autoComplete: "off",
          autoCapitalize: "none",
          spellCheck: false,
          required: true,
          maxLength: 40,
          autoFocus: true,
        }}
      />
      <Field
        variant="compact"
        label="Password"
        errors={fields.password.errors}
        input={{
          ...getInputProps(fields.password, { type: "password", value: false }),
          autoComplete: "current-password",
          required: true,
          maxLength: PASSWORD_MAX,
        }}
      />
    </SecondFactorStep>
  );
}
