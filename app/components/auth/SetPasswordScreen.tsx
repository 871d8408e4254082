// The new-password form, shared by /login/{token} and /reset-password/{token}.
import { Form, useActionData, useLoaderData, useNavigate, useNavigation } from "@remix-run/react";
import { useEffect, useState } from "react";
import { formToObject, MSG, parseWith, PASSWORD_MAX, PASSWORD_MIN, setPasswordSchema } from "~/lib/auth-schemas";
import { AuthCard, ErrorBox, Field, NoticeBox, SubmitButton, TextLink } from "./AuthParts";

export const RESET_REDIRECT_DELAY_MS = 3000;

type LoaderData = { tokenValid: boolean };
type ActionData = { success: true; message: string } | { success: false; error: string; tokenInvalid?: boolean };

export function SetPasswordScreen() {
  const { tokenValid } = useLoaderData<LoaderData>();
  const result = useActionData<ActionData>();
  const navigation = useNavigation();
  const navigate = useNavigate();
  const [clientError, setClientError] = useState<string | null>(null);
  const succeeded = result?.success === true;

  useEffect(() => {
    if (!succeeded) return;
    const timer = setTimeout(() => navigate("/login", { replace: true }), RESET_REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [succeeded, navigate]);

  if (succeeded) {
    return (
      <AuthCard title="Set a New Password">
        {/* Without JavaScript the timer above never runs; the browser follows this instead. */}
        <noscript>
          <meta httpEquiv="refresh" content={`${RESET_REDIRECT_DELAY_MS / 1000};url=/login`} />
        </noscript>
        <NoticeBox message={result.message} />
        <p className="text-center">
          <TextLink to="/login">Go to login now</TextLink>
        </p>
      </AuthCard>
    );
  }

  const tokenDead = !tokenValid || (result?.success === false && result.tokenInvalid);
  if (tokenDead) {
    return (
      <AuthCard title="Set a New Password">
        <ErrorBox message={MSG.resetTokenInvalid} />
        <p className="flex flex-col items-center">
          <TextLink to="/login?action=reset">Request a new reset link</TextLink>
          <TextLink to="/login">Back to Login</TextLink>
        </p>
      </AuthCard>
    );
  }

  const error = clientError ?? (result?.success === false ? result.error : null);
  return (
    <AuthCard title="Set a New Password">
      <ErrorBox message={error} />
      <Form
        method="post"
        noValidate
        aria-label="Set a new password"
        className="space-y-4"
        onSubmit={(event) => {
          const check = parseWith(setPasswordSchema, formToObject(new FormData(event.currentTarget)));
          if (check.ok) return setClientError(null);
          event.preventDefault();
          setClientError(check.error);
        }}
      >
        <Field
          label="New Password"
          name="password"
          type="password"
          autoComplete="new-password"
          required
          minLength={PASSWORD_MIN}
          maxLength={PASSWORD_MAX}
          hint={`At least ${PASSWORD_MIN} characters.`}
        />
        <Field
          label="Confirm New Password"
          name="confirmPassword"
          type="password"
          autoComplete="new-password"
          required
          maxLength={PASSWORD_MAX}
        />
        <SubmitButton busy={navigation.state === "submitting"}>Update Password</SubmitButton>
      </Form>
      <p className="text-center">
        <TextLink to="/login">Back to Login</TextLink>
      </p>
    </AuthCard>
  );
}
