// The loader and action behind /confirm-email/{token}, the link a sign-up mails
// (docs/decisions/0010-confirmed-signup.md, docs/decisions/0022-confirm-with-a-button.md). Opening the link
// (a GET) only shows a button; pressing it (a POST) confirms. Only the browser that signed up is then
// signed in: anyone else confirms the address and is asked to log in.
import { data, redirect } from "@remix-run/cloudflare";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { AFTER_LOGIN_DEFAULT, safeRedirectTo } from "~/features/accounts/auth-redirect";
import { MSG } from "~/features/accounts/auth-schemas";
import { isBlocked } from "./login-throttle";
import { createSession, getSessionUser } from "../auth.server";
import { isRateLimited } from "~/platform/http/rate-limit.server";
import { NOTICE } from "~/features/site/messages";
import { readFlash, setFlash } from "~/features/site/flash.server";
import { getDb } from "~/platform/data/db.server";
import {
  clearSignupBrowserCookie,
  confirmationRedirectTo,
  confirmEmail,
  isSigningUpBrowser,
  readConfirmationLink,
} from "../email-confirmation.server";
import { readForm } from "~/platform/http/body.server";
import { LINK_PAGE_HEADERS } from "~/platform/http/link-page";
import { readThrottle, recordLoginFailure, throttleKey } from "./login-throttle.server";
import { verifyPassword } from "../password.server";
import { twoFactorOfferPath } from "../second-factor/two-factor-offer";
import { recordSecurityEvent, requestMeta, securityEventStatement } from "../security-log.server";

// The token is in the URL: the one-time link pages' policy (app/platform/http/link-page.ts), on the page
// and on its redirects.
export const CONFIRM_PAGE_HEADERS = LINK_PAGE_HEADERS;

/**
 * What the page shows: the dead-link message (`error` alone); the button (`needsPassword` false) or the
 * password step (true), with a refusal in `error`; or, once confirmed in a browser that did not sign up,
 * `confirmed` (the message) with where to log in.
 */
export type ConfirmPageData =
  | { error: string; needsPassword?: undefined; confirmed?: undefined }
  | { needsPassword: boolean; error?: string; confirmed?: undefined }
  | { confirmed: string; loginHref: string; needsPassword?: undefined; error?: undefined };

const invalid = () =>
  data<ConfirmPageData>({ error: MSG.confirmTokenInvalid }, { status: 400, headers: CONFIRM_PAGE_HEADERS });

/** The login page, leading on to where the sign-up was going. */
function loginHref(redirectTo: string): string {
  const next = safeRedirectTo(redirectTo);
  return next === AFTER_LOGIN_DEFAULT ? "/login" : `/login?${new URLSearchParams({ redirectTo: next })}`;
}

/**
 * Spends the link; then signs in the browser that signed up and goes where the sign-up was going. Any other
 * browser is told the address is confirmed and asked to log in. Null when another request won.
 */
async function confirmAndMaybeSignIn(request: Request, cf: LoaderFunctionArgs["context"]["cloudflare"], token: string) {
  const confirmed = await confirmEmail(cf.env, token);
  if (!confirmed) return null;
  if (!(await isSigningUpBrowser(request, cf.env, confirmed.browserHash))) {
    // Never a session here: whoever sent this browser the link (their own sign-up's, say) must not be able
    // to sign it in to their account, where what the person then types or uploads would land. Back to the
    // link's page (post/redirect/get), which says so once and links to the login.
    const headers = await setFlash(new Headers(CONFIRM_PAGE_HEADERS), cf.env, "emailConfirmedLogIn");
    return redirect(new URL(request.url).pathname, { status: 303, headers });
  }
  const headers = new Headers(CONFIRM_PAGE_HEADERS);
  headers.append("Set-Cookie", clearSignupBrowserCookie(cf.env));
  // A browser signed in to another account keeps that session: a link must not silently swap the person
  // into another account.
  const current = await getSessionUser(request, cf.env);
  if (current && current.id !== confirmed.userId) {
    return redirect("/dashboard", { headers: await setFlash(headers, cf.env, "emailConfirmedElsewhere") });
  }
  headers.append("Set-Cookie", await createSession(request, cf.env, confirmed.userId, { cf: cf.cf }));
  await recordSecurityEvent(
    securityEventStatement(
      getDb(cf.env),
      confirmed.userId,
      "login_email_confirmed",
      requestMeta(request, cf.cf),
      Date.now(),
    ),
  );
  // Guarded when stored and again here, where it is followed: by way of the two-factor offer (skippable),
  // docs/decisions/0056-two-factor-offered-at-the-start.md.
  return redirect(twoFactorOfferPath(safeRedirectTo(confirmed.redirectTo)), { headers });
}

/**
 * Opening the link changes nothing (a mail scanner's GET, or a page someone else made the browser load):
 * a usable link shows the button, or the password step for a link issued after an earlier sign-up with
 * the address; anything else (used, expired, unknown, malformed) is a 400 page.
 */
export async function confirmEmailPageLoader({ request, params, context }: LoaderFunctionArgs) {
  const env = context.cloudflare.env;
  const token = params.token ?? "";
  const link = await readConfirmationLink(env, token);
  if (link) return data<ConfirmPageData>({ needsPassword: link.needsPassword }, { headers: CONFIRM_PAGE_HEADERS });
  // Just confirmed by the button in a browser that did not sign up: the notice, once.
  const flash = await readFlash(request, env);
  if (flash.notice !== NOTICE.emailConfirmedLogIn) return invalid();
  const headers = new Headers(CONFIRM_PAGE_HEADERS);
  flash.headers.forEach((value, name) => {
    if (name.toLowerCase() === "set-cookie") headers.append(name, value);
  });
  const redirectTo = (await confirmationRedirectTo(env, token)) ?? AFTER_LOGIN_DEFAULT;
  return data<ConfirmPageData>({ confirmed: flash.notice, loginHref: loginHref(redirectTo) }, { headers });
}

/**
 * The button: confirms. For a link that needs it, the latest sign-up's password first: wrong ones count
 * against the address's sign-in budget like a sign-in, and leave the link usable for the right one.
 */
export async function confirmEmailPageAction({ request, params, context }: ActionFunctionArgs) {
  const cf = context.cloudflare;
  const token = params.token ?? "";
  const reply = (error: string, status: number) =>
    data<ConfirmPageData>({ needsPassword: true, error }, { status, headers: CONFIRM_PAGE_HEADERS });
  if (await isRateLimited(request, cf.env, "login")) {
    return data<ConfirmPageData>(
      { needsPassword: false, error: MSG.rateLimited },
      { status: 429, headers: CONFIRM_PAGE_HEADERS },
    );
  }
  const link = await readConfirmationLink(cf.env, token);
  if (!link) return invalid();
  if (link.needsPassword) {
    const form = await readForm(request);
    const password = form?.get("password");
    if (typeof password !== "string" || password === "" || password.length > 128)
      return reply(MSG.confirmPasswordMissing, 400);
    const key = await throttleKey(link.email);
    const now = Date.now();
    const state = await readThrottle(cf.env, key);
    if (isBlocked(state, now)) return reply(MSG.rateLimited, 429);
    if (!(await verifyPassword(password, link.passwordHash))) {
      await recordLoginFailure(cf.env, key, now);
      return reply(MSG.confirmWrongPassword, 400);
    }
  }
  return (await confirmAndMaybeSignIn(request, cf, token)) ?? invalid();
}
