import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { FALLBACK } from "~/lib/auth-schemas";
import { apiFailure, guardedBody, jsonNoStore, methodNotAllowed } from "~/server/auth-api.server";
import { login, toApiUser } from "~/server/auth.server";

/** POST {email, password} (JSON or form): the user object and a new session cookie. */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  const env = context.cloudflare.env;
  const body = await guardedBody(request, env, "login");
  if (!body.ok) return body.response;
  try {
    const { user, cookie } = await login(request, env, body.data, context.cloudflare.cf);
    return jsonNoStore(toApiUser(user), { headers: { "Set-Cookie": cookie } });
  } catch (error) {
    return apiFailure(error, FALLBACK.login);
  }
}

export const loader = () => methodNotAllowed("POST");
