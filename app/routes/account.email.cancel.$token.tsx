// /account/email/cancel/{token}: the link sent to the OLD address when a change of address is asked for
// (docs/accounts.md). Opening it shows one button; pressing it (a POST) ends every pending change of the
// account, so a mail scanner that fetches every link cancels nothing. No session is needed: the link was sent
// to the mailbox the account belongs to. Works without JavaScript.
import { data } from "@remix-run/cloudflare";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { AuthCard, ErrorBox, NoticeBox, TextLink } from "~/features/accounts/sign-in/AuthParts";
import { Button } from "~/ui/Button";
import { ACCOUNT_MSG } from "~/features/accounts/settings/account-settings";
import { cancelEmailChanges, isCancelLinkUsable } from "~/features/accounts/settings/email-change-cancel.server";
import { LINK_PAGE_HEADERS, linkPageHeadersFunction } from "~/platform/http/link-page";
import { privateMeta } from "~/features/site/seo";

// The token is in the URL: the one-time link pages' policy (app/platform/http/link-page.ts).
export const meta: MetaFunction = () => privateMeta("Cancel the change of e-mail address");
export const headers = linkPageHeadersFunction;
const NO_STORE = LINK_PAGE_HEADERS;

// Always 200, as on the change link's page: after a POST Remix renders the page with this loader's answer too.
export async function loader({ params, context }: LoaderFunctionArgs) {
  const usable = await isCancelLinkUsable(context.cloudflare.env, params.token ?? "");
  return data({ usable }, { headers: NO_STORE });
}

type Result = { done: boolean; message: string; next: { to: string; label: string } };

const LOG_IN = { to: "/login", label: "Log in" };
// After a cancel the password is what to change next (whoever asked knows it); when the change was already
// made, resets go to the new address, so the way back is to contact us.
const RESET = { to: "/login?action=reset", label: "Reset your password" };
const CONTACT = { to: "/contact", label: "Contact us" };

export async function action({ request, params, context }: ActionFunctionArgs) {
  const outcome = await cancelEmailChanges(request, context.cloudflare, params.token ?? "");
  if (outcome === "invalid")
    return data<Result>(
      { done: false, message: ACCOUNT_MSG.emailCancelLinkInvalid, next: LOG_IN },
      { status: 404, headers: NO_STORE },
    );
  return data<Result>(
    outcome === "cancelled"
      ? { done: true, message: ACCOUNT_MSG.emailChangeCancelled, next: RESET }
      : { done: true, message: ACCOUNT_MSG.emailNothingToCancel, next: CONTACT },
    { headers: NO_STORE },
  );
}

export default function CancelEmailChange() {
  const { usable } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const busy = useNavigation().state !== "idle";
  return (
    <AuthCard title="Cancel the change of e-mail address">
      {result ? (
        result.done ? (
          <NoticeBox message={result.message} />
        ) : (
          <ErrorBox message={result.message} />
        )
      ) : usable ? (
        <Form method="post" className="space-y-4">
          <p>
            Someone asked to use another e-mail address for your account. Press the button to stop it: your account
            keeps this address.
          </p>
          <Button type="submit" size="lg" block busy={busy}>
            Cancel the change
          </Button>
        </Form>
      ) : (
        <ErrorBox message={ACCOUNT_MSG.emailCancelLinkInvalid} />
      )}
      <p className="text-center">
        <TextLink to={(result?.next ?? LOG_IN).to}>{(result?.next ?? LOG_IN).label}</TextLink>
      </p>
    </AuthCard>
  );
}
