// The JSON auth endpoints (spec §7): every answer is JSON, never cached, and a failure is {error} with a
// 4xx status. Sign-in, sign-up and reset are limited per address, and a limiter outage refuses them:
// an outage must not become unlimited password guessing.
import { apiResetPasswordSchema, FALLBACK, MSG, parseWith, resetRequestSchema, signupSchema } from "./auth-schemas";
import { getAccount, signup } from "./accounts.server";
import type { AccountRecord } from "./accounts.server";
import { requestPasswordReset, resetPassword } from "./password-reset.server";
import { AuthError, EmailUnconfirmedError } from "./auth-errors";
import { toApiUser } from "~/core/session-user";
import type { SessionUser } from "./auth.server";
import { login } from "./sign-in/login.server";
import { isRateLimited } from "~/platform/http/rate-limit.server";
import { cookieIsSecure } from "~/platform/env";
import { resendConfirmation } from "./email-confirmation.server";
import { secondFactorSchemaFor } from "~/features/accounts/second-factor/totp";
import { clearPendingCookie } from "./sign-in/pending-sign-in.server";
import { completeSecondFactor, SecondFactorError } from "./second-factor/sign-in.server";
import type { ApiCall } from "./api-route.server";
import { readBody, SMALL_BODY_BYTES } from "~/platform/http/body.server";
import { json, jsonError } from "~/platform/http/responses.server";
import { setCookieHeaders } from "~/platform/http/token-cookie.server";
import type { z } from "zod";

export type AuthAction = "login" | "signup" | "reset";

/** Rate limit, then the body as an object; or the Response to answer instead. */
async function guardedBody(
  request: Request,
  env: Env,
  action: AuthAction,
): Promise<{ ok: true; data: Record<string, unknown> } | { ok: false; response: Response }> {
  if (await isRateLimited(request, env, action)) {
    return { ok: false, response: jsonError(429, MSG.rateLimited, {}, { "Retry-After": "60" }) };
  }
  const body = await readBody(request, { maxBytes: SMALL_BODY_BYTES, accept: ["json", "form"] });
  if (!body.ok) return { ok: false, response: jsonError(body.status, body.error) };
  return { ok: true, data: body.data };
}

/** guardedBody, then the body checked against `schema`: a 400 {error} for the first problem. */
async function guardedInput<S extends z.ZodType>(
  request: Request,
  env: Env,
  action: AuthAction,
  schema: S,
): Promise<{ ok: true; data: z.output<S> } | { ok: false; response: Response }> {
  const body = await guardedBody(request, env, action);
  if (!body.ok) return body;
  const parsed = parseWith(schema, body.data);
  return parsed.ok ? parsed : { ok: false, response: jsonError(400, parsed.error) };
}

/** AuthError becomes its own {error}; anything else is logged and answered with the spec's fallback. */
function apiFailure(error: unknown, fallback: string): Response {
  if (error instanceof Response) return error;
  if (error instanceof AuthError) return jsonError(error.status, error.message);
  console.error("auth api:", error);
  return jsonError(500, fallback);
}

/**
 * POST /api/auth/login {email, password} (JSON or form): the user object and a new session cookie; for an
 * account with two-factor on, `{twoFactorRequired: true}` and a pending sign-in cookie instead (no session,
 * no user object) for POST /api/auth/login/second-factor to finish. The right password for an unconfirmed
 * address is a 403 asking to confirm first, and a fresh link goes out after the answer
 * (docs/decisions/0026-sign-in-before-confirming.md).
 */
export async function loginApi({ request, context, env, cf }: ApiCall<"none">): Promise<Response> {
  const body = await guardedBody(request, env, "login");
  if (!body.ok) return body.response;
  try {
    const { ctx } = context.cloudflare;
    const result = await login(request, env, body.data, { cf, waitUntil: (work) => ctx.waitUntil(work) });
    if (result.kind === "second-factor")
      return json({ twoFactorRequired: true }, { headers: { "Set-Cookie": result.cookie } });
    return json(toApiUser(result.user), { headers: { "Set-Cookie": result.cookie } });
  } catch (error) {
    // After the answer, so an unconfirmed account's right password takes as long as any other refusal.
    if (error instanceof EmailUnconfirmedError && error.userId)
      context.cloudflare.ctx.waitUntil(resendConfirmation(request, context.cloudflare, error.userId));
    return apiFailure(error, FALLBACK.login);
  }
}

/**
 * POST /api/auth/login/second-factor {code} or {recoveryCode, password}, with the pending sign-in cookie:
 * the user object and the session cookie. A refusal is {error, field?} (the input it is about); 401 with
 * `restart: true` when the pending sign-in is gone and the password must be sent again.
 */
export async function secondFactorApi({ request, env, ctx, cf }: ApiCall<"none">): Promise<Response> {
  const body = await guardedBody(request, env, "login");
  if (!body.ok) return body.response;
  const parsed = parseWith(secondFactorSchemaFor(body.data), body.data);
  if (!parsed.ok) return jsonError(400, parsed.error);
  try {
    const { user, cookies } = await completeSecondFactor(request, { env, ctx, cf }, parsed.data);
    const headers = setCookieHeaders(cookies);
    return json(toApiUser(user), { headers });
  } catch (error) {
    if (error instanceof SecondFactorError) {
      const extra = { ...(error.field ? { field: error.field } : {}), ...(error.restart ? { restart: true } : {}) };
      const headers: Record<string, string> = error.restart
        ? { "Set-Cookie": clearPendingCookie(cookieIsSecure(env)) }
        : {};
      return jsonError(error.status, error.message, extra, headers);
    }
    return apiFailure(error, FALLBACK.login);
  }
}

/**
 * POST /api/users/signup {accountType, agency, firstName, lastName, email, password}: 201 {message} asking to
 * confirm the address, the same for every address, with the session cookie cleared; nobody is signed in
 * (docs/decisions/0010-confirmed-signup.md). accountType is ignored (always 'unpaid').
 */
export async function signupApi({ request, context, env }: ApiCall<"none">): Promise<Response> {
  const parsed = await guardedInput(request, env, "signup", signupSchema);
  if (!parsed.ok) return parsed.response;
  try {
    const { cookies } = await signup(request, context.cloudflare, parsed.data);
    const headers = setCookieHeaders(cookies);
    return json({ message: MSG.signupCheckInbox }, { status: 201, headers });
  } catch (error) {
    return apiFailure(error, FALLBACK.signup);
  }
}

/** POST /api/auth/request-password-reset {email}: the same answer whether or not the account exists. */
export async function requestResetApi({ request, context, env }: ApiCall<"none">): Promise<Response> {
  const parsed = await guardedInput(request, env, "reset", resetRequestSchema);
  if (!parsed.ok) return parsed.response;
  try {
    await requestPasswordReset(request, context.cloudflare, parsed.data.email);
    return json({ message: MSG.resetSent });
  } catch (error) {
    return apiFailure(error, FALLBACK.resetRequest);
  }
}

/**
 * POST /api/auth/reset-password/{token} {newPassword, removePasskeys?}: spends the token, sets the password,
 * ends every session and (unless removePasskeys is false) removes the account's passkeys; answers
 * {message, passkeysRemoved, passkeysKept}.
 */
export async function resetPasswordApi({ request, context, env, params }: ApiCall<"none">): Promise<Response> {
  const parsed = await guardedInput(request, env, "reset", apiResetPasswordSchema);
  if (!parsed.ok) return parsed.response;
  try {
    const { newPassword, removePasskeys } = parsed.data;
    const done = await resetPassword(request, context.cloudflare, params.token ?? "", newPassword, { removePasskeys });
    if (!done) return jsonError(400, MSG.resetTokenInvalid);
    return json({ message: MSG.resetDone, ...done });
  } catch (error) {
    return apiFailure(error, FALLBACK.resetPassword);
  }
}

/**
 * Reading an account through the API: the owner, or an administrator; anyone else gets 403 whether or
 * not the id exists, so ids cannot be probed.
 */
export async function readableAccount(
  env: Env,
  viewer: SessionUser,
  userId: string | undefined,
): Promise<AccountRecord> {
  if (!userId || (viewer.id !== userId && !viewer.isAdmin)) throw jsonError(403, MSG.forbidden);
  const account = await getAccount(env, userId);
  if (!account) throw jsonError(404, "Account not found");
  return account;
}
