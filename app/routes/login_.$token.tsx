import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { SetPasswordScreen } from "~/features/accounts/sign-in/SetPasswordScreen";
import { LABEL } from "~/features/site/messages";
import { resetPageAction, resetPageLoader } from "~/features/accounts/sign-in/reset-page.server";

export const meta: MetaFunction = () => [
  { title: `${LABEL.setNewPassword} | Kiwi Companions` },
  // The token is in this page's URL. The site-wide Referrer-Policy (strict-origin-when-cross-origin)
  // already keeps it out of other sites' Referer; "no-referrer" would also turn this page's own form
  // POST's Origin into "null", which the cross-site check refuses.
  { name: "robots", content: "noindex" },
];

export const headers: HeadersFunction = ({ loaderHeaders, actionHeaders }) => {
  const headers = new Headers(loaderHeaders);
  actionHeaders.forEach((value, key) => headers.set(key, value));
  return headers;
};

export const loader = (args: LoaderFunctionArgs) => resetPageLoader(args);
export const action = (args: ActionFunctionArgs) => resetPageAction(args);

export default SetPasswordScreen;
