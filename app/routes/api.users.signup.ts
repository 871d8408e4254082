import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { FALLBACK, parseWith, signupSchema } from "~/lib/auth-schemas";
import { signup } from "~/server/accounts.server";
import { apiFailure, guardedBody, jsonError, jsonNoStore, methodNotAllowed } from "~/server/auth-api.server";
import { toApiUser } from "~/server/auth.server";

/**
 * POST {accountType, agency, firstName, lastName, email, password}: the new user object, logged in.
 * accountType is ignored (always 'unpaid'). An e-mail that already has an account gets the same 201
 * answer without a session (docs/decisions/0002-signup-enumeration.md).
 */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  const cf = context.cloudflare;
  const body = await guardedBody(request, cf.env, "signup");
  if (!body.ok) return body.response;
  const parsed = parseWith(signupSchema, body.data);
  if (!parsed.ok) return jsonError(parsed.error, 400);
  try {
    const { user, cookie } = await signup(request, cf, parsed.data);
    return jsonNoStore(toApiUser(user), { status: 201, headers: { "Set-Cookie": cookie } });
  } catch (error) {
    return apiFailure(error, FALLBACK.signup);
  }
}

export const loader = () => methodNotAllowed("POST");
