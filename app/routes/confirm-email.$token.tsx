import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { AuthCard, ErrorBox, TextLink } from "~/components/auth/AuthParts";
import { Button } from "~/components/ui/Button";
import { Field } from "~/components/ui/Field";
import { loginModeHref } from "~/lib/auth-redirect";
import { MSG, PASSWORD_MAX } from "~/lib/auth-schemas";
import {
  confirmEmailPageAction,
  confirmEmailPageLoader,
  type ConfirmPageData,
} from "~/server/confirm-email-page.server";

export const meta: MetaFunction = () => [
  { title: "Confirm Your E-mail Address | Kiwi Companions" },
  { name: "robots", content: "noindex" },
];

// no-store and Referrer-Policy: strict-origin from the loader reach the document (the link's token is in the URL).
export const headers: HeadersFunction = ({ loaderHeaders, actionHeaders }) =>
  actionHeaders.has("Cache-Control") ? actionHeaders : loaderHeaders;

export const loader = (args: LoaderFunctionArgs) => confirmEmailPageLoader(args);
export const action = (args: ActionFunctionArgs) => confirmEmailPageAction(args);

/** A first sign-up's good link redirects from the loader; what renders is the password step or a dead link. */
export default function ConfirmEmailPage() {
  const loaded = useLoaderData<ConfirmPageData>();
  const posted = useActionData<ConfirmPageData>();
  const state = posted ?? loaded;
  const busy = useNavigation().state === "submitting";
  if (state.needsPassword) {
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
            Confirm and sign in
          </Button>
        </Form>
        <div className="flex flex-wrap justify-center gap-x-6">
          <TextLink to={loginModeHref("signup", null)}>Sign up again</TextLink>
        </div>
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
