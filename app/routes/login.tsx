import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseForm } from "~/ui/form-submission";
import {
  data,
  replace,
  type ActionFunctionArgs,
  type HeadersFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData, useNavigation, useSearchParams } from "@remix-run/react";
import { useEffect, type ReactNode } from "react";
import { AuthCard, boxMessage, ErrorBox, NoticeBox, TextLink } from "~/features/accounts/sign-in/AuthParts";
import { PasskeySignIn } from "~/features/accounts/second-factor/PasskeySignIn";
import { Button } from "~/ui/Button";
import { Field } from "~/ui/Field";
import { formError } from "~/ui/submission";
import {
  landingAfterLogin,
  loginModeFrom,
  loginModeHref,
  safeRedirectTo,
  withoutSessionExpired,
} from "~/features/accounts/auth-redirect";
import {
  FALLBACK,
  loginSchema,
  MSG,
  PASSWORD_MAX,
  PASSWORD_MIN,
  resetRequestSchema,
  signupSchema,
} from "~/features/accounts/auth-schemas";
import { formToObject } from "~/platform/http/form-object";
import { CONFIRM_TOKEN_TTL_MS } from "~/features/accounts/auth-session";
import { LABEL } from "~/features/site/messages";
import { ADMIN_ACCOUNT_TYPE, needsAdminSecondFactor } from "~/features/accounts/auth-user";
import {
  adminSetUpUrl,
  recoveryStepSchema,
  totpStepSchema,
  TWO_FACTOR_MSG,
} from "~/features/accounts/second-factor/totp";
import { signup } from "~/features/accounts/accounts.server";
import { requestPasswordReset } from "~/features/accounts/password-reset.server";
import { AuthError, EmailUnconfirmedError, isRateLimited, login } from "~/features/accounts/auth.server";
import { cookieIsSecure } from "~/platform/env";
import { resendConfirmation } from "~/features/accounts/email-confirmation.server";
import { readForm } from "~/platform/http/body.server";
import { clearPendingCookie, hasPendingCookie } from "~/features/accounts/sign-in/pending-sign-in.server";
import {
  completeSecondFactor,
  pendingSignInOf,
  SecondFactorError,
} from "~/features/accounts/second-factor/sign-in.server";

export const meta: MetaFunction = ({ location }) => {
  const mode = loginModeFrom(new URLSearchParams(location.search));
  const title = mode === "signup" ? "Create an Account" : mode === "reset" ? "Reset Password" : "Login";
  return [{ title: `${title} | Kiwi Companions` }, { name: "robots", content: "noindex" }];
};

// Per-person pages: the loader's Cache-Control: no-store reaches the document response.
export const headers: HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const env = context.cloudflare.env;
  const url = new URL(request.url);
  const headers = new Headers({ "Cache-Control": "no-store" });
  // A pending sign-in (password right, two-factor on) shows the code step, with or without JavaScript.
  const secondFactor = Boolean(await pendingSignInOf(request, env));
  if (!secondFactor && hasPendingCookie(request, cookieIsSecure(env)))
    headers.append("Set-Cookie", clearPendingCookie(cookieIsSecure(env)));
  return data({ sessionExpired: url.searchParams.get("sessionExpired") === "true", secondFactor }, { headers });
}

type Intent = "login" | "signup" | "reset" | "totp" | "recovery";
type ActionResult = { intent: Intent; result: SubmissionResult<string[]>; notice?: string };

/**
 * Each form's own schema from app/features/accounts/auth-schemas.ts, in the browser before sending and here again. The
 * schemas take the form's strings as they are ("" is "missing" to them), so Conform's coercion is off.
 */
const PARSE = {
  login: (form: FormData) => parseForm(form, loginSchema),
  signup: (form: FormData) => parseForm(form, signupSchema),
  reset: (form: FormData) => parseForm(form, resetRequestSchema),
  totp: (form: FormData) => parseForm(form, totpStepSchema),
  recovery: (form: FormData) => parseForm(form, recoveryStepSchema),
};

// A password is never sent back in the page.
const HIDDEN = { hideFields: ["password"] };

const answer = (intent: Intent, result: SubmissionResult<string[]>, status: number) =>
  data<ActionResult>({ intent, result }, { status });

export async function action({ request, context }: ActionFunctionArgs) {
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
    if (intent === "login") {
      const submission = PARSE.login(form);
      if (submission.status !== "success") return answer(intent, submission.reply(HIDDEN), 400);
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
          return answer(intent, submission.reply({ ...HIDDEN, formErrors: [error.message] }), error.status);
        throw error;
      }
    }
    if (intent === "signup") {
      const submission = PARSE.signup(form);
      if (submission.status !== "success") return answer(intent, submission.reply(HIDDEN), 400);
      try {
        // The same answer for every address: the check-your-inbox notice, nobody signed in (decision 0010).
        // Where the visitor was going rides with the confirmation link.
        const { cookies } = await signup(request, cf, submission.value, { redirectTo });
        const headers = new Headers();
        for (const cookie of cookies) headers.append("Set-Cookie", cookie);
        return data<ActionResult>(
          { intent, result: submission.reply({ resetForm: true }), notice: MSG.signupCheckInbox },
          { headers },
        );
      } catch (error) {
        if (error instanceof AuthError)
          return answer(intent, submission.reply({ ...HIDDEN, formErrors: [error.message] }), error.status);
        throw error;
      }
    }
    const submission = PARSE.reset(form);
    if (submission.status !== "success") return answer(intent, submission.reply(), 400);
    await requestPasswordReset(request, cf, submission.value.email);
    return data<ActionResult>({ intent, result: submission.reply(), notice: MSG.resetSent });
  } catch (error) {
    if (error instanceof AuthError) return answer(intent, formError(error.message), error.status);
    console.error(`login page: ${intent} failed`, error);
    return answer(intent, formError(fallback), 500);
  }
}

/** The code step: a code from the app, or a recovery code with the password again. */
async function secondFactorStep(
  request: Request,
  cf: ActionFunctionArgs["context"]["cloudflare"],
  form: FormData,
  intent: "totp" | "recovery",
  asked: unknown,
) {
  const submission = PARSE[intent](form);
  if (submission.status !== "success") return answer(intent, submission.reply(HIDDEN), 400);
  try {
    const { user, cookies } = await completeSecondFactor(request, cf, submission.value);
    const headers = new Headers();
    for (const cookie of cookies) headers.append("Set-Cookie", cookie);
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

export default function LoginPage() {
  const { sessionExpired, secondFactor } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [params] = useSearchParams();
  const navigation = useNavigation();
  const mode: Intent = secondFactor
    ? params.get("method") === "recovery"
      ? "recovery"
      : "totp"
    : loginModeFrom(params);
  const redirectTo = params.get("redirectTo");
  const busy = navigation.state !== "idle" && navigation.formMethod != null;

  useEffect(() => {
    // Shown once: a reload or a shared link should not keep saying the session expired.
    if (sessionExpired)
      window.history.replaceState(window.history.state, "", withoutSessionExpired(window.location.href));
  }, [sessionExpired]);

  // An answer belongs to the form that was sent; switching forms leaves it behind.
  const server = actionData && actionData.intent === mode ? actionData : undefined;
  const props = { lastResult: server?.result, redirectTo, busy };

  if (mode === "totp") return <TotpStepForm key="totp" {...props} />;
  if (mode === "recovery") return <RecoveryStepForm key="recovery" {...props} />;
  if (mode === "signup")
    return server?.notice ? (
      <CheckInbox notice={server.notice} redirectTo={redirectTo} />
    ) : (
      <SignupForm key="signup" {...props} />
    );
  if (mode === "reset") return <ResetForm key="reset" {...props} notice={server?.notice} />;
  return <LoginForm key="login" {...props} sessionExpired={sessionExpired} />;
}

type FormProps = { lastResult?: SubmissionResult<string[]>; redirectTo: string | null; busy: boolean };

/** Conform's form for one intent: the same schema runs before sending, and its one message shows in the red box. */
function useAuthForm<I extends "login" | "signup" | "reset">(
  intent: I,
  lastResult: SubmissionResult<string[]> | undefined,
) {
  const [form, fields] = useForm({
    id: `auth-${intent}`,
    lastResult,
    onValidate: ({ formData }) => PARSE[intent](formData),
  });
  const message = boxMessage(form.allErrors);
  // Each field with a problem points at the box, which says what it is.
  const errorFor = (name: string) => (form.allErrors[name]?.length ? form.errorId : null);
  return { form, fields, message, errorFor };
}

function Hidden({ intent, redirectTo }: { intent: Intent; redirectTo: string | null }) {
  return (
    <>
      <input type="hidden" name="intent" value={intent} />
      {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
    </>
  );
}

const email = { autoComplete: "email", inputMode: "email", required: true, maxLength: 254 } as const;

function LoginForm({ lastResult, redirectTo, busy, sessionExpired }: FormProps & { sessionExpired: boolean }) {
  const { form, fields, message, errorFor } = useAuthForm("login", lastResult);
  return (
    <AuthCard title="Welcome Back" subtitle="Please log in to your account.">
      {sessionExpired ? <NoticeBox tone="warn" message={MSG.sessionExpired} /> : null}
      <ErrorBox id={form.errorId} message={message} />
      <Form method="post" replace {...getFormProps(form)} className="space-y-4" aria-label="Log in">
        <Hidden intent="login" redirectTo={redirectTo} />
        <Field
          variant="compact"
          label="Email"
          errorElsewhere={errorFor("email")}
          input={{ ...getInputProps(fields.email, { type: "email" }), ...email }}
        />
        <Field
          variant="compact"
          label="Password"
          errorElsewhere={errorFor("password")}
          input={{
            ...getInputProps(fields.password, { type: "password", value: false }),
            autoComplete: "current-password",
            required: true,
            maxLength: PASSWORD_MAX,
          }}
        />
        <div className="flex justify-end">
          <TextLink to={loginModeHref("reset", redirectTo)}>Forgot your password?</TextLink>
        </div>
        <Button type="submit" size="lg" block busy={busy}>
          Login
        </Button>
      </Form>
      <PasskeySignIn redirectTo={redirectTo} />
      <p className="text-center">
        <TextLink to={loginModeHref("signup", redirectTo)}>Need an account? Sign Up</TextLink>
      </p>
      <p className="text-center text-xs text-muted">{MSG.confirmEmailHint}</p>
    </AuthCard>
  );
}

function SignupForm({ lastResult, redirectTo, busy }: FormProps) {
  const { form, fields, message, errorFor } = useAuthForm("signup", lastResult);
  return (
    <AuthCard title="Create an Account" subtitle="Join the #1 platform in New Zealand.">
      <ErrorBox id={form.errorId} message={message} />
      <Form method="post" replace {...getFormProps(form)} className="space-y-4" aria-label="Sign up">
        <Hidden intent="signup" redirectTo={redirectTo} />
        <Field
          variant="compact"
          label="First Name"
          errorElsewhere={errorFor("firstName")}
          input={{
            ...getInputProps(fields.firstName, { type: "text" }),
            autoComplete: "given-name",
            required: true,
            maxLength: 50,
          }}
        />
        <Field
          variant="compact"
          label="Email"
          errorElsewhere={errorFor("email")}
          input={{ ...getInputProps(fields.email, { type: "email" }), ...email }}
        />
        <Field
          variant="compact"
          label="Password"
          description={`At least ${PASSWORD_MIN} characters.`}
          errorElsewhere={errorFor("password")}
          input={{
            ...getInputProps(fields.password, { type: "password", value: false }),
            autoComplete: "new-password",
            required: true,
            minLength: PASSWORD_MIN,
            maxLength: PASSWORD_MAX,
          }}
        />
        <fieldset
          className="space-y-2"
          aria-invalid={errorFor("agency") ? true : undefined}
          aria-describedby={errorFor("agency") ?? undefined}
        >
          <legend className="text-sm font-medium">Are you an Independent or an Agency?</legend>
          <div className="grid grid-cols-2 gap-2">
            {[
              { value: "false", label: "Independent" },
              { value: "true", label: "Agency" },
            ].map((choice) => (
              <label
                key={choice.value}
                className="flex min-h-12 cursor-pointer items-center gap-2 rounded-lg border border-line bg-ink px-3 has-[:checked]:border-accent"
              >
                <input
                  {...getInputProps(fields.agency, { type: "radio", value: choice.value })}
                  id={`${fields.agency.id}-${choice.value}`}
                  aria-describedby={undefined}
                  required
                  className="h-5 w-5 accent-[#f0a86b]"
                />
                {choice.label}
              </label>
            ))}
          </div>
        </fieldset>
        <Button type="submit" size="lg" block busy={busy}>
          Sign Up
        </Button>
      </Form>
      <p className="text-center">
        <TextLink to={loginModeHref("login", redirectTo)}>Already have an account? Login</TextLink>
      </p>
    </AuthCard>
  );
}

/** After a sign-up: what to do next, in place of the form (the same for every address). */
function CheckInbox({ notice, redirectTo }: { notice: string; redirectTo: string | null }) {
  return (
    <AuthCard title="Check Your Inbox">
      <NoticeBox message={notice} />
      <p className="text-sm text-muted">
        The link works once, within {CONFIRM_TOKEN_TTL_MS / 3_600_000} hours. If nothing arrives in a few minutes, look
        in your spam folder, or log in: we send a new link when the address is not confirmed yet.
      </p>
      <p className="text-center">
        <TextLink to={loginModeHref("login", redirectTo)}>{LABEL.backToLogin}</TextLink>
      </p>
    </AuthCard>
  );
}

function ResetForm({ lastResult, redirectTo, busy, notice }: FormProps & { notice?: string }) {
  const { form, fields, message, errorFor } = useAuthForm("reset", lastResult);
  return (
    <AuthCard title="Reset Password" subtitle="Enter your email to receive a reset link.">
      <ErrorBox id={form.errorId} message={message} />
      <NoticeBox message={message ? null : notice} />
      <Form method="post" replace {...getFormProps(form)} className="space-y-4" aria-label="Request a reset link">
        <Hidden intent="reset" redirectTo={redirectTo} />
        <Field
          variant="compact"
          label="Email"
          errorElsewhere={errorFor("email")}
          input={{ ...getInputProps(fields.email, { type: "email" }), ...email }}
        />
        <Button type="submit" size="lg" block busy={busy}>
          Send Reset Link
        </Button>
      </Form>
      <p className="text-center">
        <TextLink to={loginModeHref("login", redirectTo)}>{LABEL.backToLogin}</TextLink>
      </p>
    </AuthCard>
  );
}

/** A link within the code step that keeps redirectTo. */
function stepHref(method: "recovery" | null, redirectTo: string | null): string {
  const params = new URLSearchParams();
  if (method) params.set("method", method);
  if (redirectTo) params.set("redirectTo", redirectTo);
  const q = params.toString();
  return q ? `/login?${q}` : "/login";
}

/** Back to the e-mail and password: drops the pending sign-in's cookie. */
function RestartForm({ redirectTo }: { redirectTo: string | null }) {
  return (
    <Form method="post" replace className="text-center">
      <input type="hidden" name="intent" value="restart" />
      {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
      <button type="submit" className="min-h-11 text-sm text-accent underline underline-offset-2">
        Sign in with a different account
      </button>
    </Form>
  );
}

/**
 * The shell both code steps share: the card, the form-wide refusal, the form with its hidden fields, the way
 * to the other kind of step, and the way back to the password.
 */
function SecondFactorStep({
  intent,
  title,
  subtitle,
  formProps,
  formError,
  formLabel,
  submitLabel,
  switchTo,
  redirectTo,
  busy,
  children,
  after,
}: {
  intent: "totp" | "recovery";
  title: string;
  subtitle: string;
  /** getFormProps(form), and the form-wide refusal's id and text. */
  formProps: ReturnType<typeof getFormProps>;
  formError: { id: string; message: string | undefined };
  formLabel: string;
  submitLabel: string;
  switchTo: { method: "recovery" | null; label: string };
  redirectTo: string | null;
  busy: boolean;
  children: ReactNode;
  after?: ReactNode;
}) {
  return (
    <AuthCard title={title} subtitle={subtitle}>
      {/* Only form-wide refusals (too many attempts) go in the red box; a field's own message is beside it. */}
      <ErrorBox id={formError.id} message={formError.message} />
      <Form method="post" replace {...formProps} className="space-y-4" aria-label={formLabel}>
        <Hidden intent={intent} redirectTo={redirectTo} />
        {children}
        <Button type="submit" size="lg" block busy={busy}>
          {submitLabel}
        </Button>
      </Form>
      <p className="text-center">
        <TextLink to={stepHref(switchTo.method, redirectTo)}>{switchTo.label}</TextLink>
      </p>
      {after}
      <RestartForm redirectTo={redirectTo} />
    </AuthCard>
  );
}

function TotpStepForm({ lastResult, redirectTo, busy }: FormProps) {
  const [form, fields] = useForm({
    id: "auth-totp",
    lastResult,
    onValidate: ({ formData }) => PARSE.totp(formData),
  });
  return (
    <SecondFactorStep
      intent="totp"
      title="Two-factor sign-in"
      subtitle={TWO_FACTOR_MSG.codeRequired}
      formProps={getFormProps(form)}
      formError={{ id: form.errorId, message: form.errors?.[0] }}
      formLabel="Enter your code"
      submitLabel="Verify"
      switchTo={{ method: "recovery", label: "Use a recovery code instead" }}
      redirectTo={redirectTo}
      busy={busy}
      // A passkey is a whole way in by itself, so it can stand in for the code.
      after={<PasskeySignIn redirectTo={redirectTo} />}
    >
      <Field
        variant="compact"
        label="6-digit code"
        errors={fields.code.errors}
        input={{
          ...getInputProps(fields.code, { type: "text" }),
          autoComplete: "one-time-code",
          inputMode: "numeric",
          pattern: "[0-9 \\-]*",
          required: true,
          maxLength: 20,
          autoFocus: true,
        }}
      />
    </SecondFactorStep>
  );
}

function RecoveryStepForm({ lastResult, redirectTo, busy }: FormProps) {
  const [form, fields] = useForm({
    id: "auth-recovery",
    lastResult,
    onValidate: ({ formData }) => PARSE.recovery(formData),
  });
  return (
    <SecondFactorStep
      intent="recovery"
      title="Use a recovery code"
      subtitle="Enter one of the recovery codes you saved and your password. Each code works once."
      formProps={getFormProps(form)}
      formError={{ id: form.errorId, message: form.errors?.[0] }}
      formLabel="Enter a recovery code"
      submitLabel="Sign in"
      switchTo={{ method: null, label: "Use your authenticator app instead" }}
      redirectTo={redirectTo}
      busy={busy}
    >
      <Field
        variant="compact"
        label="Recovery code"
        errors={fields.recoveryCode.errors}
        input={{
          ...getInputProps(fields.recoveryCode, { type: "text" }),
          autoComplete: "off",
          autoCapitalize: "none",
          spellCheck: false,
          required: true,
          maxLength: 40,
          autoFocus: true,
        }}
      />
      <Field
        variant="compact"
        label="Password"
        errors={fields.password.errors}
        input={{
          ...getInputProps(fields.password, { type: "password", value: false }),
          autoComplete: "current-password",
          required: true,
          maxLength: PASSWORD_MAX,
        }}
      />
    </SecondFactorStep>
  );
}
