import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { SetPasswordScreen } from "~/components/auth/SetPasswordScreen";
import { resetPageAction, resetPageLoader } from "~/server/reset-page.server";

export const meta: MetaFunction = () => [
  { title: "Set a New Password | Kiwi Companions" },
  { name: "robots", content: "noindex" },
  // The token is in this page's URL: links followed from it must not carry it away in a Referer.
  { name: "referrer", content: "no-referrer" },
];

export const headers: HeadersFunction = ({ loaderHeaders, actionHeaders }) => {
  const headers = new Headers(loaderHeaders);
  actionHeaders.forEach((value, key) => headers.set(key, value));
  return headers;
};

export const loader = (args: LoaderFunctionArgs) => resetPageLoader(args);
export const action = (args: ActionFunctionArgs) => resetPageAction(args);

export default SetPasswordScreen;
