import { redirect } from "@remix-run/cloudflare";
import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { destroySession } from "~/features/accounts/auth.server";
import { NO_STORE } from "~/platform/http/page-answer";

/** Sign Out: a POST (a link or an image elsewhere cannot log anyone out), then the login page. */
export async function action({ request, context }: ActionFunctionArgs) {
  const cookie = await destroySession(request, context.cloudflare.env);
  return redirect("/login", { headers: { ...NO_STORE, "Set-Cookie": cookie } });
}

export async function loader() {
  return redirect("/");
}
