import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { AuthCard, ErrorBox, NoticeBox, TextLink } from "~/features/accounts/sign-in/AuthParts";
import { Button } from "~/ui/Button";
import { Field } from "~/ui/Field";
import { loginModeHref } from "~/features/accounts/auth-redirect";
import { MSG, PASSWORD_MAX } from "~/features/accounts/auth-schemas";
import { confirmEmailPageAction, confirmEmailPageLoader } from "~/features/accounts/sign-in/confirm-email-page.server";
import type { ConfirmPageData } from "~/features/accounts/sign-in/confirm-email-page.server";
import { linkPageHeadersFunction } from "~/platform/http/link-page";
import { privateMeta } from "~/features/site/seo";

// The link's token is in the URL: the one-time link pages' policy (app/platform/http/link-page.ts).
export const meta: MetaFunction = () => privateMeta("Confirm Your E-mail Address");
export const headers = linkPageHeadersFunction;

export const loader = (args: LoaderFunctionArgs) => confirmEmailPageLoader(args);
export const action = (args: ActionFunctionArgs) => confirmEmailPageAction(args);

/**
 * Opening the link shows a button (or the password step); pressing it confirms. The browser that signed up
 * is then redirected, signed in; any other sees that the address is confirmed and a link to log in
 * (docs/decisions/0022-confirm-with-a-button.md). A dead link shows what to do instead.
 */
export default function ConfirmEmailPage() {
  const loaded = useLoaderData<ConfirmPageData>();
  const posted = useActionData<ConfirmPageData>();
  const state = posted ?? loaded;
  const busy = useNavigation().state === "submitting";
  if (state.confirmed) {
    return (
      <AuthCard title="E-mail Address Confirmed">
        <NoticeBox message={state.confirmed} />
        <div className="flex flex-wrap justify-center gap-x-6">
          <TextLink to={state.loginHref}>Log in</TextLink>
        </div>
      </AuthCard>
    );
  }
  if (state.needsPassword === true) {
    return (
      <AuthCard title="Confirm Your E-mail Address" subtitle={MSG.confirmNeedsPassword}>
        <Form method="post" replace className="space-y-4" aria-label="Confirm with your password">
          <Field
            variant="compact"
            label="Password"
            errors={state.error ? [state.error] : null}
            errorTestId="confirm-password-error"
            input={{
              id: "confirm-password",
              name: "password",
              type: "password",
              autoComplete: "current-password",
              required: true,
              maxLength: PASSWORD_MAX,
              autoFocus: true,
            }}
          />
          <Button type="submit" size="lg" block busy={busy}>
            {MSG.confirmButton}
          </Button>
        </Form>
        <div className="flex flex-wrap justify-center gap-x-6">
          <TextLink to={loginModeHref("signup", null)}>Sign up again</TextLink>
        </div>
      </AuthCard>
    );
  }
  if (state.needsPassword === false) {
    return (
      <AuthCard title="Confirm Your E-mail Address" subtitle={MSG.confirmPrompt}>
        <ErrorBox message={state.error} />
        <Form method="post" replace aria-label="Confirm your e-mail address">
          <Button type="submit" size="lg" block busy={busy}>
            {MSG.confirmButton}
          </Button>
        </Form>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Confirm Your E-mail Address">
      <ErrorBox message={state.error} />
      <p className="text-sm text-muted">
        Logging in with the password you signed up with sends a new link if your address is not confirmed yet.
      </p>
      <div className="flex flex-wrap justify-center gap-x-6">
        <TextLink to="/login">Log in</TextLink>
        <TextLink to={loginModeHref("signup", null)}>Sign up again</TextLink>
      </div>
    </AuthCard>
  );
}
