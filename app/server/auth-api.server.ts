// Shared pieces of the JSON auth endpoints (spec §7): every answer is JSON, never cached, and a failure
// is {error} with a 4xx status.
import { MSG } from "~/lib/auth-schemas";
import { AuthError, isRateLimited } from "./auth.server";
import { jsonNoStore, readBody } from "./request-body.server";

export { jsonNoStore, methodNotAllowed } from "./request-body.server";

export function jsonError(error: string, status: number, headers?: HeadersInit): Response {
  return jsonNoStore({ error }, { status, headers });
}

/** Rate limit, then the body as an object; or the Response to answer instead. */
export async function guardedBody(
  request: Request,
  env: Env,
  action: "login" | "signup" | "reset",
): Promise<{ ok: true; data: Record<string, unknown> } | { ok: false; response: Response }> {
  if (await isRateLimited(request, env, action)) {
    return { ok: false, response: jsonError(MSG.rateLimited, 429, { "Retry-After": "60" }) };
  }
  const body = await readBody(request);
  if (!body.ok) return { ok: false, response: jsonError(body.error, body.status) };
  return { ok: true, data: body.data };
}

/** AuthError becomes its own {error}; anything else is logged and answered with the spec's fallback. */
export function apiFailure(error: unknown, fallback: string): Response {
  if (error instanceof Response) return error;
  if (error instanceof AuthError) return jsonError(error.message, error.status);
  console.error("auth api:", error);
  return jsonError(fallback, 500);
}
