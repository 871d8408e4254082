import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { FALLBACK, MSG, parseWith, resetRequestSchema } from "~/lib/auth-schemas";
import { requestPasswordReset } from "~/server/accounts.server";
import { apiFailure, guardedBody, jsonError, jsonNoStore, methodNotAllowed } from "~/server/auth-api.server";

/** POST {email}: the same answer whether or not the account exists. */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  const cf = context.cloudflare;
  const body = await guardedBody(request, cf.env, "reset");
  if (!body.ok) return body.response;
  const parsed = parseWith(resetRequestSchema, body.data);
  if (!parsed.ok) return jsonError(parsed.error, 400);
  try {
    await requestPasswordReset(request, cf, parsed.data.email);
    return jsonNoStore({ message: MSG.resetSent });
  } catch (error) {
    return apiFailure(error, FALLBACK.resetRequest);
  }
}

export const loader = () => methodNotAllowed("POST");
