// The passkey JSON endpoints. Every failure is {error} with a 4xx and leaves nothing changed (a spent
// challenge aside). Getting options and answering them are both limited like a password sign-in, per
// address, and a limiter outage refuses them.
import { MSG } from "~/features/accounts/auth-schemas";
import { getCurrentSession } from "../auth.server";
import { isRateLimited } from "~/platform/http/rate-limit.server";
import { ADMIN_ACCOUNT_TYPE } from "~/core/session-user";
import { PASSKEY_MSG } from "./passkeys";
import { secondFactorsOf } from "./factors.server";
import type { ApiCall } from "~/features/accounts/api-route.server";
import { readBody, SMALL_BODY_BYTES } from "~/platform/http/body.server";
import { json, jsonError } from "~/platform/http/responses.server";
import { clearChallengeCookie, PasskeyError } from "./passkey-challenge.server";
import { registrationOptions, verifyRegistration } from "./passkey-registration.server";
import { signInOptions, verifySignIn } from "./passkey-sign-in.server";
import { reauthenticate } from "../account-changes.server";
import { CURRENT_PASSWORD_FIELD } from "../reauth.server";

/** Rate limit, then the JSON body; or the Response to answer instead. */
async function limitedBody(
  request: Request,
  env: Env,
): Promise<{ ok: true; data: Record<string, unknown> } | { ok: false; response: Response }> {
  if (await isRateLimited(request, env, "login")) {
    return { ok: false, response: jsonError(429, MSG.rateLimited, {}, { "Retry-After": "60" }) };
  }
  const body = await readBody(request, { maxBytes: SMALL_BODY_BYTES, accept: ["json"] });
  if (!body.ok) return { ok: false, response: jsonError(body.status, body.error) };
  return { ok: true, data: body.data };
}

function failure(error: unknown, headers?: HeadersInit): Response {
  if (error instanceof PasskeyError) return jsonError(error.status, error.message, {}, headers);
  throw error;
}

/** POST /api/passkeys/register/options {currentPassword?}: creation options, once the owner is confirmed. */
export async function registerOptionsApi({ request, context, env, user }: ApiCall<"user">): Promise<Response> {
  const body = await limitedBody(request, env);
  if (!body.ok) return body.response;
  const current = await getCurrentSession(request, env);
  if (!current) return jsonError(401, MSG.notAuthenticated);
  // A wrong password is also a line in the owner's security log, as for the other sensitive changes.
  const reauth = await reauthenticate(
    request,
    context.cloudflare,
    user,
    current.session,
    body.data[CURRENT_PASSWORD_FIELD],
  );
  if (!reauth.ok) return jsonError(reauth.status, reauth.error);
  // A passkey signs in as a second factor. Where one is already needed (two-factor on, or an administrator),
  // only a session that proved one may add it: the password alone must not mint a way past the code.
  if (current.session.secondFactorAt == null) {
    const needsFactor = user.accountType === ADMIN_ACCOUNT_TYPE || (await secondFactorsOf(env, user.id)).length > 0;
    if (needsFactor) return jsonError(403, PASSKEY_MSG.secondFactorFirst);
  }
  try {
    const { options, cookie } = await registrationOptions(request, env, user);
    return json({ options }, { headers: { "Set-Cookie": cookie } });
  } catch (error) {
    return failure(error);
  }
}

/** POST /api/passkeys/register {name?, response}: 201 {passkey} once the browser's answer is verified. */
export async function registerApi({ request, context, env, user }: ApiCall<"user">): Promise<Response> {
  const body = await limitedBody(request, env);
  if (!body.ok) return body.response;
  const spent = { "Set-Cookie": clearChallengeCookie(env) };
  try {
    const passkey = await verifyRegistration(request, context.cloudflare, user, body.data);
    return json({ passkey }, { status: 201, headers: spent });
  } catch (error) {
    return failure(error, spent);
  }
}

/** POST /api/passkeys/login/options: request options for a usernameless sign-in. */
export async function signInOptionsApi({ request, env }: ApiCall<"none">): Promise<Response> {
  const body = await limitedBody(request, env);
  if (!body.ok) return body.response;
  const { options, cookie } = await signInOptions(request, env);
  return json({ options }, { headers: { "Set-Cookie": cookie } });
}

/** POST /api/passkeys/login {response, redirectTo?}: a new session and {redirectTo} (a same-site path). */
export async function signInApi({ request, context, env }: ApiCall<"none">): Promise<Response> {
  const body = await limitedBody(request, env);
  if (!body.ok) return body.response;
  const headers = new Headers({ "Set-Cookie": clearChallengeCookie(env) });
  try {
    const { cookie, redirectTo } = await verifySignIn(request, context.cloudflare, body.data);
    headers.append("Set-Cookie", cookie);
    return json({ redirectTo }, { headers });
  } catch (error) {
    return failure(error, headers);
  }
}
