// The loader and action behind /confirm-email/{token}, the link a sign-up mails
// (docs/decisions/0010-confirmed-signup.md).
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { safeRedirectTo } from "~/lib/auth-redirect";
import { MSG } from "~/lib/auth-schemas";
import { isBlocked } from "~/lib/login-throttle";
import { createSession, getSessionUser, isRateLimited } from "./auth.server";
import { setFlash } from "./flash.server";
import { getDb } from "./db.server";
import { confirmEmail, readConfirmationLink } from "./email-confirmation.server";
import { readForm } from "./http/body.server";
import { readThrottle, recordLoginFailure, throttleKey } from "./login-throttle.server";
import { verifyPassword } from "./password.server";
import { recordSecurityEvent, requestMeta, securityEventStatement } from "./security-log.server";

// The token is in the URL: no cache may keep the answer, and no request this page or its redirect leads to
// may carry the URL along as a Referer, not even to this site (its logs would hold a usable link).
// "strict-origin" sends the origin alone; "no-referrer" would also make the password step's own form POST
// say `Origin: null`, which the cross-site write guard refuses (so it would fail without JavaScript).
export const CONFIRM_PAGE_HEADERS = { "Cache-Control": "no-store", "Referrer-Policy": "strict-origin" };

export type ConfirmPageData = { error: string; needsPassword?: false } | { error?: string; needsPassword: true };

const invalid = () =>
  data<ConfirmPageData>({ error: MSG.confirmTokenInvalid }, { status: 400, headers: CONFIRM_PAGE_HEADERS });

/** Spends the link, starts a session and goes where the sign-up was going; null when another request won. */
async function confirmAndSignIn(request: Request, cf: LoaderFunctionArgs["context"]["cloudflare"], token: string) {
  const confirmed = await confirmEmail(cf.env, token);
  if (!confirmed) return null;
  // A browser signed in to another account keeps that session: a link someone sends must not silently swap
  // the person into the sender's account (where what they then type or upload would land).
  const current = await getSessionUser(request, cf.env);
  if (current && current.id !== confirmed.userId) {
    const headers = await setFlash(new Headers(CONFIRM_PAGE_HEADERS), cf.env, "emailConfirmedElsewhere");
    return redirect("/dashboard", { headers });
  }
  const cookie = await createSession(request, cf.env, confirmed.userId, { cf: cf.cf });
  await recordSecurityEvent(
    securityEventStatement(getDb(cf.env), confirmed.userId, "login", requestMeta(request, cf.cf), Date.now()),
  );
  // Guarded when stored and again here, where it is followed.
  return redirect(safeRedirectTo(confirmed.redirectTo), {
    headers: { ...CONFIRM_PAGE_HEADERS, "Set-Cookie": cookie },
  });
}

/**
 * A usable first-sign-up link confirms at once; a link issued after an earlier sign-up with the address
 * shows the password step; anything else (used, expired, unknown, malformed) is a 400 page that changes
 * nothing.
 */
export async function confirmEmailPageLoader({ request, params, context }: LoaderFunctionArgs) {
  const cf = context.cloudflare;
  const token = params.token ?? "";
  const link = await readConfirmationLink(cf.env, token);
  if (!link) return invalid();
  if (link.needsPassword) return data<ConfirmPageData>({ needsPassword: true }, { headers: CONFIRM_PAGE_HEADERS });
  return (await confirmAndSignIn(request, cf, token)) ?? invalid();
}

/**
 * The password step: the latest sign-up's password confirms. Wrong ones count against the address's sign-in
 * budget like a sign-in, and leave the link usable for the right one.
 */
export async function confirmEmailPageAction({ request, params, context }: ActionFunctionArgs) {
  const cf = context.cloudflare;
  const token = params.token ?? "";
  const reply = (error: string, status: number) =>
    data<ConfirmPageData>({ needsPassword: true, error }, { status, headers: CONFIRM_PAGE_HEADERS });
  if (await isRateLimited(request, cf.env, "login")) return reply(MSG.rateLimited, 429);
  const link = await readConfirmationLink(cf.env, token);
  if (!link) return invalid();
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
  return (await confirmAndSignIn(request, cf, token)) ?? invalid();
}
