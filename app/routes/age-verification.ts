import { redirect } from "@remix-run/cloudflare";
import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { ageCookie } from "~/features/site/age-gate";
import { safeRedirect } from "~/platform/http/redirects";
import { cookieIsSecure } from "~/platform/env";
import { readForm } from "~/platform/http/body.server";

/** The age gate's form target when JavaScript is off. */
export async function action({ request, context }: ActionFunctionArgs) {
  const form = await readForm(request);
  const secure = cookieIsSecure(context.cloudflare.env);
  return redirect(safeRedirect(form?.get("returnTo")), { headers: { "Set-Cookie": ageCookie(secure) } });
}

export async function loader() {
  return redirect("/");
}
