// The auth guards, one set for every page and API route (docs/accounts.md): each reads the session once and
// either answers the signed-in user or throws the answer a visitor without one gets. Pages redirect to the
// login page (and back afterwards); JSON endpoints answer 401/403 { error }.
import { data, redirect } from "@remix-run/cloudflare";
import type { AppLoadContext } from "@remix-run/cloudflare";
import { MSG } from "./auth-schemas";
import { loginUrlFor } from "./auth-redirect";
import { needsAdminSecondFactor, TWO_FACTOR_PATH } from "~/core/session-user";
import type { SessionUser } from "~/core/session-user";
import { getSessionUser, lookupSession } from "./auth.server";
import { cookieIsSecure } from "~/platform/env";
import { clearSessionCookie } from "~/platform/http/token-cookie.server";
import { readForm } from "~/platform/http/body.server";
import { NO_STORE, noStore } from "~/platform/http/page-answer";

// For pages outside this feature that send an administrator to set up a second factor themselves.
export { adminSetUpUrl } from "./second-factor/totp";

/**
 * For protected pages. Anonymous visitors are redirected to /login?redirectTo=<path+search>; a visitor
 * whose cookie names an expired or revoked session to /login?sessionExpired=true&redirectTo=..., and
 * the stale cookie is cleared. A GET shares the request's one lookup with the root loader through the load
 * context (see getSessionUser): a private page would otherwise read the session twice. Actions keep their own,
 * since they may change the session.
 */
export async function requireUser(
  request: Request,
  context: AppLoadContext,
  scope: object = isRead(request) ? context : request,
): Promise<SessionUser> {
  const env = context.cloudflare.env;
  const lookup = await lookupSession(request, env, scope);
  if (lookup.state === "valid") return lookup.user;
  if (lookup.state === "stale") {
    // Ended by a password change (here or by a reset): said so, rather than 'expired'.
    const passwordChanged = lookup.ended === "password_changed";
    throw redirect(loginUrlFor(request.url, { sessionExpired: true, passwordChanged }), {
      headers: { "Set-Cookie": clearSessionCookie(cookieIsSecure(env)), ...NO_STORE },
    });
  }
  throw redirect(loginUrlFor(request.url), { headers: NO_STORE });
}

function isRead(request: Request): boolean {
  return request.method === "GET" || request.method === "HEAD";
}

/**
 * For an owner page's form posts: a post that finds no session (expired, revoked, or signed out in another
 * tab) sends the user to log in again, told why (provider spec §4), and back to `returnPath` afterwards.
 */
export async function requireUserForPost(request: Request, env: Env, returnPath: string): Promise<SessionUser> {
  const user = await getSessionUser(request, env);
  if (user) return user;
  throw redirect(loginUrlFor(new URL(returnPath, request.url).href, { sessionExpired: true }), {
    status: 303,
    headers: { "Set-Cookie": clearSessionCookie(cookieIsSecure(env)), ...NO_STORE },
  });
}

/** For JSON endpoints: throws a 401 {error} Response instead of redirecting. */
export async function requireUserApi(request: Request, context: AppLoadContext): Promise<SessionUser> {
  const env = context.cloudflare.env;
  const lookup = await lookupSession(request, env);
  if (lookup.state === "valid") return lookup.user;
  const headers = noStore();
  if (lookup.state === "stale") headers.set("Set-Cookie", clearSessionCookie(cookieIsSecure(env)));
  throw Response.json({ error: MSG.notAuthenticated }, { status: 401, headers });
}

/**
 * For administrator-only JSON endpoints: 401 when signed out, 403 when signed in without the role, and 403
 * with its own message for an administrator whose session has not proved a second factor.
 */
export async function requireAdminApi(request: Request, context: AppLoadContext): Promise<SessionUser> {
  const user = await requireUserApi(request, context);
  if (!user.isAdmin) {
    const error = needsAdminSecondFactor(user) ? MSG.adminNeedsSecondFactor : MSG.forbidden;
    throw Response.json({ error }, { status: 403, headers: NO_STORE });
  }
  return user;
}

/**
 * For the administrators' pages: a signed-out visitor goes to the login page as on any protected page;
 * a signed-in user without the role gets a plain 404 (the pages do not admit to existing); an
 * administrator whose session has not proved a second factor goes to set one up, and comes back after.
 */
export async function requireAdminPage(request: Request, context: AppLoadContext): Promise<SessionUser> {
  const user = await requireUser(request, context);
  if (needsAdminSecondFactor(user)) {
    const url = new URL(request.url);
    const back = encodeURIComponent(url.pathname + url.search);
    throw redirect(`${TWO_FACTOR_PATH}?required=admin&redirectTo=${back}`, {
      headers: NO_STORE,
    });
  }
  if (!user.isAdmin) throw data("Not found", { status: 404, headers: NO_STORE });
  return user;
}

/**
 * An administrator's page action: requireAdminPage's check first (nobody else's body is read), then the
 * posted form (null when the body is not one) and the button that sent it, `intent`.
 */
export async function readAdminForm(request: Request, context: AppLoadContext) {
  const admin = await requireAdminPage(request, context);
  const form = await readForm(request);
  return { admin, form, intent: form?.get("intent") };
}
