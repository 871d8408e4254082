import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { apiResetPasswordSchema, FALLBACK, MSG, parseWith } from "~/lib/auth-schemas";
import { resetPassword } from "~/server/accounts.server";
import { apiFailure, guardedBody, jsonError, jsonNoStore, methodNotAllowed } from "~/server/auth-api.server";

/** POST {newPassword}: spends the token, sets the password and ends every session of the account. */
export async function action({ request, params, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  const cf = context.cloudflare;
  const body = await guardedBody(request, cf.env, "reset");
  if (!body.ok) return body.response;
  const parsed = parseWith(apiResetPasswordSchema, body.data);
  if (!parsed.ok) return jsonError(parsed.error, 400);
  try {
    const done = await resetPassword(request, cf, params.token ?? "", parsed.data.newPassword);
    if (!done) return jsonError(MSG.resetTokenInvalid, 400);
    return jsonNoStore({ message: MSG.resetDone });
  } catch (error) {
    return apiFailure(error, FALLBACK.resetPassword);
  }
}

export const loader = () => methodNotAllowed("POST");
