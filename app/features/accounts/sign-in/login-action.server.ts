// The /login page's action: one handler per form (sign in, sign up, reset request, the code step), each
// answering its form's Conform result, or a redirect.
import type { SubmissionResult } from "@conform-to/react";
import { data, replace } from "@remix-run/cloudflare";
import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { formError } from "~/ui/submission";
import { landingAfterLogin, safeRedirectTo } from "~/features/accounts/auth-redirect";
import { FALLBACK, MSG } from "~/features/accounts/auth-schemas";
import { formToObject } from "~/platform/http/form-object";
import { ADMIN_ACCOUNT_TYPE, needsAdminSecondFactor } from "~/core/session-user";
import { adminSetUpUrl } from "~/features/accounts/second-factor/totp";
import { signup } from "../accounts.server";
import { requestPasswordReset } from "../password-reset.server";
import { AuthError, EmailUnconfirmedError } from "../auth-errors";
import { login } from "./login.server";
import { isRateLimited } from "~/platform/http/rate-limit.server";
import { cookieIsSecure } from "~/platform/env";
import { resendConfirmation } from "../email-confirmation.server";
import { readForm } from "~/platform/http/body.server";
import { clearPendingCookie } from "./pending-sign-in.server";
import { completeSecondFactor, SecondFactorError } from "../second-factor/sign-in.server";
import { PARSE } from "./auth-form";
import type { Intent } from "./auth-form";
import { setCookieHeaders } from "~/platform/http/token-cookie.server";

type Cf = ActionFunctionArgs["context"]["cloudflare"];
export type LoginActionResult = {
  intent: Intent;
  result: SubmissionResult<string[]>;
  notice?: string;
  /** After a sign-up: the address the link went to, as typed (every address gets the same answer). */
  sentTo?: string;
};
type ActionResult = LoginActionResult;

// A password is never sent back in the page.
const HIDDEN = { hideFields: ["password"] };

const answer = (intent: Intent, result: SubmissionResult<string[]>, status: number) =>
  data<ActionResult>({ intent, result }, { status });

/** Dispatches to the handler of the form that was sent (its hidden `intent`), after the rate limit. */
export async function loginAction({ request, context }: ActionFunctionArgs) {
  const cf = context.cloudflare;
  const form = await readForm(request);
  if (!form) return answer("login", formError(MSG.required), 400);
  const raw = form.get("intent");
  const intent: Intent =
    raw === "signup" || raw === "reset" || raw === "totp" || raw === "recovery" || raw === "restart"
      ? raw === "restart"
        ? "login"
        : raw
      : "login";
  // What the visitor asked to go to, if anything: without it an administrator lands on /admin (landingAfterLogin).
  const asked = form.get("redirectTo") ?? new URL(request.url).searchParams.get("redirectTo");
  const redirectTo = safeRedirectTo(asked);
  if (raw === "restart") {
    // Back to the password: the pending sign-in cookie goes (its row expires on its own).
    return replace(`/login${redirectTo === "/dashboard" ? "" : `?${new URLSearchParams({ redirectTo })}`}`, {
      headers: { "Set-Cookie": clearPendingCookie(cookieIsSecure(cf.env)) },
    });
  }
  const limiterKind = intent === "totp" || intent === "recovery" ? "login" : intent;
  if (await isRateLimited(request, cf.env, limiterKind)) return answer(intent, formError(MSG.rateLimited), 429);
  if (intent === "totp" || intent === "recovery") return secondFactorStep(request, cf, form, intent, asked);

  const fallback = intent === "signup" ? FALLBACK.signup : intent === "reset" ? FALLBACK.resetRequest : FALLBACK.login;
  try {
    if (intent === "login") return await signInForm(request, cf, form, asked);
    if (intent === "signup") return await signUpForm(request, cf, form, redirectTo);
    return await resetRequestForm(request, cf, form);
  } catch (error) {
    if (error instanceof AuthError) return answer(intent, formError(error.message), error.status);
    console.error(`login page: ${intent} failed`, error);
    return answer(intent, formError(fallback), 500);
  }
}

/** The sign-in form: a session, or the code step when two-factor is on. */
async function signInForm(request: Request, cf: Cf, form: FormData, asked: unknown) {
  const redirectTo = safeRedirectTo(asked);
  const submission = PARSE.login(form);
  if (submission.status !== "success") return answer("login", submission.reply(HIDDEN), 400);
  try {
    const result = await login(request, cf.env, formToObject(form), {
      cf: cf.cf,
      waitUntil: (work) => cf.ctx.waitUntil(work),
    });
    // Two-factor on: no session yet; the page (its loader sees the pending cookie) asks for the code.
    if (result.kind === "second-factor") {
      const back = asked ? `/login?${new URLSearchParams({ redirectTo })}` : "/login";
      return replace(back, { headers: { "Set-Cookie": result.cookie } });
    }
    // An administrator without a second factor sets one up before anything else, whatever redirectTo says.
    const landing = landingAfterLogin(asked, result.user.accountType === ADMIN_ACCOUNT_TYPE);
    const next = needsAdminSecondFactor(result.user) ? adminSetUpUrl(landing) : landing;
    // replace(): the login page does not stay in history behind the page the user came for.
    return replace(next, { headers: { "Set-Cookie": result.cookie } });
  } catch (error) {
    // The right password for an address not confirmed yet: a new link, which leads where this login would.
    if (error instanceof EmailUnconfirmedError && error.userId)
      cf.ctx.waitUntil(resendConfirmation(request, cf, error.userId, redirectTo));
    if (error instanceof AuthError)
      return answer("login", submission.reply({ ...HIDDEN, formErrors: [error.message] }), error.status);
    throw error;
  }
}

/** The sign-up form: the same answer for every address, the check-your-inbox notice (decision 0010). */
async function signUpForm(request: Request, cf: Cf, form: FormData, redirectTo: string) {
  const submission = PARSE.signup(form);
  if (submission.status !== "success") return answer("signup", submission.reply(HIDDEN), 400);
  try {
    // Nobody is signed in; where the visitor was going rides with the confirmation link.
    const { cookies } = await signup(request, cf, submission.value, { redirectTo });
    const headers = setCookieHeaders(cookies);
    return data<ActionResult>(
      {
        intent: "signup",
        result: submission.reply({ resetForm: true }),
        notice: MSG.signupCheckInbox,
        sentTo: submission.value.email,
      },
      { headers },
    );
  } catch (error) {
    if (error instanceof AuthError)
      return answer("signup", submission.reply({ ...HIDDEN, formErrors: [error.message] }), error.status);
    throw error;
  }
}

/** The reset request form: the same notice whether or not the address has an account. */
async function resetRequestForm(request: Request, cf: Cf, form: FormData) {
  const submission = PARSE.reset(form);
  if (submission.status !== "success") return answer("reset", submission.reply(), 400);
  await requestPasswordReset(request, cf, submission.value.email);
  return data<ActionResult>({ intent: "reset", result: submission.reply(), notice: MSG.resetSent });
}

/** The code step: a code from the app, or a recovery code with the password again. */
async function secondFactorStep(request: Request, cf: Cf, form: FormData, intent: "totp" | "recovery", asked: unknown) {
  const submission = PARSE[intent](form);
  if (submission.status !== "success") return answer(intent, submission.reply(HIDDEN), 400);
  try {
    const { user, cookies } = await completeSecondFactor(request, cf, submission.value);
    const headers = setCookieHeaders(cookies);
    return replace(landingAfterLogin(asked, user.accountType === ADMIN_ACCOUNT_TYPE), { headers });
  } catch (error) {
    if (!(error instanceof SecondFactorError)) {
      console.error("login page: second factor failed", error);
      return answer(intent, formError(FALLBACK.login), 500);
    }
    if (error.restart) {
      // The pending sign-in is gone: the password form shows why.
      return data<ActionResult>(
        { intent: "login", result: formError(error.message) },
        { status: error.status, headers: { "Set-Cookie": clearPendingCookie(cookieIsSecure(cf.env)) } },
      );
    }
    const reply = error.field
      ? submission.reply({ ...HIDDEN, fieldErrors: { [error.field]: [error.message] } })
      : submission.reply({ ...HIDDEN, formErrors: [error.message] });
    return answer(intent, reply, error.status);
  }
}
