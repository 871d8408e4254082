import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { jsonNoStore, methodNotAllowed } from "~/server/auth-api.server";
import { destroySession } from "~/server/auth.server";

/** POST: ends this session. Succeeds when signed out too: the client clears its state either way. */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  const cookie = await destroySession(request, context.cloudflare.env);
  return jsonNoStore({ success: true }, { headers: { "Set-Cookie": cookie } });
}

export const loader = () => methodNotAllowed("POST");
