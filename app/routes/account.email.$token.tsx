// /account/email/{token}: the link sent to a new e-mail address (docs/accounts.md). Opening it shows one button;
// the change happens when that is pressed (a POST), so a mail scanner that fetches every link cannot spend
// it. Signing in is not needed: the link itself proves the new address, and the request behind it already
// needed the current password. Works without JavaScript.
import { data } from "@remix-run/cloudflare";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { AuthCard, ErrorBox, NoticeBox, TextLink } from "~/features/accounts/sign-in/AuthParts";
import { Button } from "~/ui/Button";
import { ACCOUNT_MSG } from "~/features/accounts/settings/account-settings";
import { confirmEmailChange, isEmailChangeUsable } from "~/features/accounts/account-changes.server";
import { LINK_PAGE_HEADERS, linkPageHeadersFunction } from "~/platform/http/link-page";
import { privateMeta } from "~/features/site/seo";

// The token is in the URL: the one-time link pages' policy (app/platform/http/link-page.ts).
export const meta: MetaFunction = () => privateMeta("Confirm your new e-mail address");
export const headers = linkPageHeadersFunction;
const NO_STORE = LINK_PAGE_HEADERS;

// Always 200: after a POST, Remix renders the page with this loader's answer too, and a spent link's 404
// here would hide the action's success. The page itself says when a link cannot be used.
export async function loader({ params, context }: LoaderFunctionArgs) {
  const usable = await isEmailChangeUsable(context.cloudflare.env, params.token ?? "");
  return data({ usable }, { headers: NO_STORE });
}

type Result = { done: boolean; message: string };

export async function action({ request, params, context }: ActionFunctionArgs) {
  const outcome = await confirmEmailChange(request, context.cloudflare, params.token ?? "");
  if (outcome === "changed")
    return data<Result>({ done: true, message: ACCOUNT_MSG.emailChanged }, { headers: NO_STORE });
  const message = outcome === "taken" ? ACCOUNT_MSG.emailNoLongerFree : ACCOUNT_MSG.emailLinkInvalid;
  return data<Result>({ done: false, message }, { status: outcome === "taken" ? 409 : 404, headers: NO_STORE });
}

export default function ConfirmEmailChange() {
  const { usable } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const busy = useNavigation().state !== "idle";
  return (
    <AuthCard title="Confirm your new e-mail address">
      {result ? (
        result.done ? (
          <NoticeBox message={result.message} />
        ) : (
          <ErrorBox message={result.message} />
        )
      ) : usable ? (
        <Form method="post" className="space-y-4">
          <p>Press the button to use this address for your account from now on. Your old address will be told.</p>
          <Button type="submit" size="lg" block busy={busy}>
            Use this address
          </Button>
        </Form>
      ) : (
        <ErrorBox message={ACCOUNT_MSG.emailLinkInvalid} />
      )}
      <p className="text-center">
        <TextLink to={result?.done ? "/login" : "/managesub"}>
          {result?.done ? "Log in" : "Back to account settings"}
        </TextLink>
      </p>
    </AuthCard>
  );
}
