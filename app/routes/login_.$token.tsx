import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { SetPasswordScreen } from "~/features/accounts/sign-in/SetPasswordScreen";
import { LABEL } from "~/features/site/messages";
import { privateMeta } from "~/features/site/seo";
import { pipeHeaders } from "~/platform/http/page-answer";
import { resetPageAction, resetPageLoader } from "~/features/accounts/sign-in/reset-page.server";

// The token is in this page's URL. The site-wide Referrer-Policy (strict-origin-when-cross-origin)
// already keeps it out of other sites' Referer; "no-referrer" would also turn this page's own form
// POST's Origin into "null", which the cross-site check refuses.
export const meta: MetaFunction = () => privateMeta(LABEL.setNewPassword);

export const headers = pipeHeaders;

export const loader = (args: LoaderFunctionArgs) => resetPageLoader(args);
export const action = (args: ActionFunctionArgs) => resetPageAction(args);

export default SetPasswordScreen;
