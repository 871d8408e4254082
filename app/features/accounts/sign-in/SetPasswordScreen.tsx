// The new-password form, shared by /login/{token} and /reset-password/{token}.
import { getFormProps } from "@conform-to/react";
import { Form, useActionData, useLoaderData, useNavigate, useNavigation } from "@remix-run/react";
import { useEffect, useMemo } from "react";
import { MSG, PASSWORD_MIN, setPasswordSchema } from "~/features/accounts/auth-schemas";
import { LABEL } from "~/features/site/messages";
import { Button } from "~/ui/Button";
import { formError } from "~/ui/submission";
import { useSchemaForm } from "~/ui/useSchemaForm";
import { AuthCard, boxMessage, ErrorBox, NoticeBox, TextLink } from "./AuthParts";
import { RemoveAllPasskeys } from "../second-factor/RemoveAllPasskeys";
import { PasswordField } from "./auth-form";

export const RESET_REDIRECT_DELAY_MS = 3000;

/** `passkeys`: how many the account has; the form offers to remove them all. */
type LoaderData = { tokenValid: boolean; passkeys: number };
// The action (app/features/accounts/sign-in/reset-page.server.ts) answers in this shape, which its tests read.
type ActionData =
  | { success: true; message: string; passkeysNotice?: string }
  | { success: false; error: string; tokenInvalid?: boolean };

export function SetPasswordScreen() {
  const { tokenValid, passkeys } = useLoaderData<LoaderData>();
  const result = useActionData<ActionData>();
  const navigate = useNavigate();
  const succeeded = result?.success === true;

  useEffect(() => {
    if (!succeeded) return;
    const timer = setTimeout(() => navigate("/login", { replace: true }), RESET_REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [succeeded, navigate]);

  if (succeeded) return <PasswordSet message={result.message} passkeysNotice={result.passkeysNotice} />;
  const tokenDead = !tokenValid || (result?.success === false && result.tokenInvalid);
  if (tokenDead) return <ResetLinkDead />;
  return <NewPasswordForm passkeys={passkeys} refusal={result?.success === false ? result : undefined} />;
}

/** The new password is set: on to /login in a moment. */
function PasswordSet({ message, passkeysNotice }: { message: string; passkeysNotice?: string }) {
  return (
    <AuthCard title={LABEL.setNewPassword}>
      {/* Without JavaScript the timer in SetPasswordScreen never runs; the browser follows this instead. */}
      <noscript>
        <meta httpEquiv="refresh" content={`${RESET_REDIRECT_DELAY_MS / 1000};url=/login`} />
      </noscript>
      <NoticeBox message={message} />
      {passkeysNotice ? <NoticeBox tone="warn" message={passkeysNotice} /> : null}
      <p className="text-center">
        <TextLink to="/login">Go to login now</TextLink>
      </p>
    </AuthCard>
  );
}

/** The link is unknown, used or expired: the way to a new one. */
function ResetLinkDead() {
  return (
    <AuthCard title={LABEL.setNewPassword}>
      <ErrorBox message={MSG.resetTokenInvalid} />
      <p className="flex flex-col items-center">
        <TextLink to="/login?action=reset">Request a new reset link</TextLink>
        <TextLink to="/login">{LABEL.backToLogin}</TextLink>
      </p>
    </AuthCard>
  );
}

/** `refusal`: the server's last answer when it refused the new password. */
function NewPasswordForm({ passkeys, refusal }: { passkeys: number; refusal?: { error: string } }) {
  const navigation = useNavigation();
  // The server's refusal as Conform's lastResult; one object per answer, or Conform would take every
  // render for a new answer.
  const lastResult = useMemo(() => (refusal ? formError(refusal.error) : undefined), [refusal]);
  // The schema the server runs: the match is checked before the length (spec §5).
  const [form, fields] = useSchemaForm("set-password", setPasswordSchema, lastResult);
  const message = boxMessage(form.allErrors);
  // The schema files a mismatch under "password"; both fields are what the message is about.
  const invalid = message ? form.errorId : null;
  return (
    <AuthCard title={LABEL.setNewPassword}>
      <ErrorBox id={form.errorId} message={message} />
      <Form method="post" {...getFormProps(form)} aria-label="Set a new password" className="space-y-4">
        <PasswordField
          field={fields.password}
          label="New Password"
          kind="new"
          description={`At least ${PASSWORD_MIN} characters.`}
          invalid={invalid}
        />
        <PasswordField field={fields.confirmPassword} label="Confirm New Password" kind="repeat" invalid={invalid} />
        <RemoveAllPasskeys count={passkeys} id="reset-remove-passkeys" />
        <Button type="submit" size="lg" block busy={navigation.state === "submitting"}>
          Update Password
        </Button>
      </Form>
      <p className="text-center">
        <TextLink to="/login">{LABEL.backToLogin}</TextLink>
      </p>
    </AuthCard>
  );
}
