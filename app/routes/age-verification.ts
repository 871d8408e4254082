import { redirect, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { ageCookie } from "~/lib/age-gate";
import { safeRedirect } from "~/lib/redirects";
import { isLocalDevelopment } from "~/server/security.server";
import { readForm } from "~/server/http/body.server";

/** The age gate's form target when JavaScript is off. */
export async function action({ request, context }: ActionFunctionArgs) {
  const form = await readForm(request);
  const secure = !isLocalDevelopment(context.cloudflare.env);
  return redirect(safeRedirect(form?.get("returnTo")), { headers: { "Set-Cookie": ageCookie(secure) } });
}

export async function loader() {
  return redirect("/");
}
