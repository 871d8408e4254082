// /login?action=signup: the sign-up form, and what replaces it once sent (docs/decisions/0010-confirmed-signup.md).
import { getFormProps, getInputProps } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { Button } from "~/ui/Button";
import { ErrorList } from "~/ui/ErrorList";
import { Field } from "~/ui/Field";
import { loginModeHref } from "~/features/accounts/auth-redirect";
import { PASSWORD_MIN } from "~/features/accounts/auth-schemas";
import { CONFIRM_TOKEN_TTL_MS } from "~/features/accounts/auth-session";
import { LABEL } from "~/features/site/messages";
import { AuthCard, ErrorBox, NoticeBox, TextLink } from "./AuthParts";
import { EmailField, Hidden, PasswordField, useAuthForm } from "./auth-form";
import type { FormProps } from "./auth-form";

export function SignupForm({ lastResult, redirectTo, busy }: FormProps) {
  // Each field says what is wrong with it, beside it: an empty sign-up has several things to fix at once.
  const { form, fields, message } = useAuthForm("signup", lastResult, { perField: true });
  const agencyError = fields.agency.errors?.[0];
  return (
    <AuthCard title="Create an Account" subtitle="Join the #1 platform in New Zealand.">
      <ErrorBox id={form.errorId} message={message} />
      <Form method="post" replace {...getFormProps(form)} className="space-y-4" aria-label="Sign up">
        <Hidden intent="signup" redirectTo={redirectTo} />
        <Field
          variant="compact"
          label="First Name"
          errors={fields.firstName.errors}
          input={{
            ...getInputProps(fields.firstName, { type: "text" }),
            autoComplete: "given-name",
            required: true,
            maxLength: 50,
          }}
        />
        <EmailField field={fields.email} invalid={null} errors={fields.email.errors} />
        <PasswordField
          field={fields.password}
          label="Password"
          kind="new"
          description={`At least ${PASSWORD_MIN} characters.`}
          invalid={null}
          errors={fields.password.errors}
        />
        <fieldset
          className="space-y-2"
          aria-invalid={agencyError ? true : undefined}
          aria-describedby={agencyError ? `${fields.agency.id}-error` : undefined}
        >
          <legend className="text-sm font-medium">Are you an Independent or an Agency?</legend>
          <div className="grid grid-cols-2 gap-2">
            {[
              { value: "false", label: "Independent" },
              { value: "true", label: "Agency" },
            ].map((choice) => (
              <label
                key={choice.value}
                className="flex min-h-12 cursor-pointer items-center gap-2 rounded-lg border border-line bg-ink px-3 has-[:checked]:border-accent"
              >
                <input
                  {...getInputProps(fields.agency, { type: "radio", value: choice.value })}
                  id={`${fields.agency.id}-${choice.value}`}
                  aria-describedby={undefined}
                  required
                  className="h-5 w-5 accent-[#f0a86b]"
                />
                {choice.label}
              </label>
            ))}
          </div>
          <ErrorList id={`${fields.agency.id}-error`} errors={fields.agency.errors} />
        </fieldset>
        <Button type="submit" size="lg" block busy={busy}>
          Sign Up
        </Button>
      </Form>
      <p className="text-center">
        <TextLink to={loginModeHref("login", redirectTo)}>Already have an account? Login</TextLink>
      </p>
    </AuthCard>
  );
}

/** After a sign-up: what to do next, in place of the form (the same for every address). */
export function CheckInbox({
  notice,
  sentTo,
  redirectTo,
}: {
  notice: string;
  /** The address as typed, so that a mistyped one can be seen and the sign-up made again. */
  sentTo: string | null;
  redirectTo: string | null;
}) {
  return (
    <AuthCard title="Check Your Inbox">
      <NoticeBox message={notice} />
      {sentTo ? (
        <p className="text-sm" data-testid="sent-to">
          We sent it to <strong className="break-all">{sentTo}</strong>. Not your address?{" "}
          <TextLink to={loginModeHref("signup", redirectTo)}>Sign up again</TextLink>
        </p>
      ) : null}
      <p className="text-sm text-muted">
        The link works once, within {CONFIRM_TOKEN_TTL_MS / 3_600_000} hours. If nothing arrives in a few minutes, look
        in your spam folder, or log in: we send a new link when the address is not confirmed yet.
      </p>
      <p className="text-center">
        <TextLink to={loginModeHref("login", redirectTo)}>{LABEL.backToLogin}</TextLink>
      </p>
    </AuthCard>
  );
}
