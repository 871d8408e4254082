import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { SetPasswordScreen } from "~/features/accounts/sign-in/SetPasswordScreen";
import { LABEL } from "~/features/site/messages";
import { privateMeta } from "~/features/site/seo";
import { resetPageAction, resetPageLoader } from "~/features/accounts/sign-in/reset-page.server";
import { linkPageHeadersFunction } from "~/platform/http/link-page";

// The token is in this page's URL: the one-time link pages' policy (app/platform/http/link-page.ts).
export const meta: MetaFunction = () => privateMeta(LABEL.setNewPassword);
export const headers = linkPageHeadersFunction;

export const loader = (args: LoaderFunctionArgs) => resetPageLoader(args);
export const action = (args: ActionFunctionArgs) => resetPageAction(args);

export default SetPasswordScreen;
