import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { AuthCard, ErrorBox, TextLink } from "~/components/auth/AuthParts";
import { loginModeHref } from "~/lib/auth-redirect";
import { confirmEmailPageLoader, type ConfirmPageData } from "~/server/confirm-email-page.server";

export const meta: MetaFunction = () => [
  { title: "Confirm Your E-mail Address | Kiwi Companions" },
  { name: "robots", content: "noindex" },
];

// no-store and Referrer-Policy: no-referrer from the loader reach the document (the link's token is in the URL).
export const headers: HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export const loader = (args: LoaderFunctionArgs) => confirmEmailPageLoader(args);

/** Only a link that cannot be used renders: a good one redirects from the loader. */
export default function ConfirmEmailPage() {
  const { error } = useLoaderData<ConfirmPageData>();
  return (
    <AuthCard title="Confirm Your E-mail Address">
      <ErrorBox message={error} />
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
