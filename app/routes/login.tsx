import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import {
  data,
  replace,
  type ActionFunctionArgs,
  type HeadersFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData, useNavigation, useSearchParams } from "@remix-run/react";
import { useEffect } from "react";
import { AuthCard, boxMessage, ErrorBox, NoticeBox, TextLink } from "~/components/auth/AuthParts";
import { PasskeySignIn } from "~/components/passkeys/PasskeySignIn";
import { Button } from "~/components/ui/Button";
import { Field } from "~/components/ui/Field";
import { formError } from "~/components/ui/submission";
import { loginModeFrom, loginModeHref, safeRedirectTo, withoutSessionExpired } from "~/lib/auth-redirect";
import {
  FALLBACK,
  formToObject,
  loginSchema,
  MSG,
  PASSWORD_MAX,
  PASSWORD_MIN,
  resetRequestSchema,
  signupSchema,
} from "~/lib/auth-schemas";
import { CONFIRM_TOKEN_TTL_MS } from "~/lib/auth-session";
import { LABEL } from "~/lib/messages";
import { requestPasswordReset, signup } from "~/server/accounts.server";
import { AuthError, EmailUnconfirmedError, isRateLimited, login } from "~/server/auth.server";
import { resendConfirmation } from "~/server/email-confirmation.server";
import { readForm } from "~/server/http/body.server";

export const meta: MetaFunction = ({ location }) => {
  const mode = loginModeFrom(new URLSearchParams(location.search));
  const title = mode === "signup" ? "Create an Account" : mode === "reset" ? "Reset Password" : "Login";
  return [{ title: `${title} | Kiwi Companions` }, { name: "robots", content: "noindex" }];
};

// Per-person pages: the loader's Cache-Control: no-store reaches the document response.
export const headers: HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  return data(
    { sessionExpired: url.searchParams.get("sessionExpired") === "true" },
    { headers: { "Cache-Control": "no-store" } },
  );
}

type Intent = "login" | "signup" | "reset";
type ActionResult = { intent: Intent; result: SubmissionResult<string[]>; notice?: string };

/**
 * Each form's own schema from app/lib/auth-schemas.ts, in the browser before sending and here again. The
 * schemas take the form's strings as they are ("" is "missing" to them), so Conform's coercion is off.
 */
const PARSE = {
  login: (form: FormData) => parseWithZod(form, { schema: loginSchema, disableAutoCoercion: true }),
  signup: (form: FormData) => parseWithZod(form, { schema: signupSchema, disableAutoCoercion: true }),
  reset: (form: FormData) => parseWithZod(form, { schema: resetRequestSchema, disableAutoCoercion: true }),
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
  const intent: Intent = raw === "signup" || raw === "reset" ? raw : "login";
  const redirectTo = safeRedirectTo(form.get("redirectTo") ?? new URL(request.url).searchParams.get("redirectTo"));
  if (await isRateLimited(request, cf.env, intent)) return answer(intent, formError(MSG.rateLimited), 429);

  const fallback = intent === "login" ? FALLBACK.login : intent === "signup" ? FALLBACK.signup : FALLBACK.resetRequest;
  try {
    if (intent === "login") {
      const submission = PARSE.login(form);
      if (submission.status !== "success") return answer(intent, submission.reply(HIDDEN), 400);
      try {
        const { cookie } = await login(request, cf.env, formToObject(form), cf.cf);
        // replace(): the login page does not stay in history behind the page the user came for.
        return replace(redirectTo, { headers: { "Set-Cookie": cookie } });
      } catch (error) {
        // The right password for an address not confirmed yet: a new link, which leads where this login would.
        if (error instanceof EmailUnconfirmedError) await resendConfirmation(request, cf, error.userId, redirectTo);
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
        const { cookie } = await signup(request, cf, submission.value, { redirectTo });
        return data<ActionResult>(
          { intent, result: submission.reply({ resetForm: true }), notice: MSG.signupCheckInbox },
          { headers: { "Set-Cookie": cookie } },
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

export default function LoginPage() {
  const { sessionExpired } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [params] = useSearchParams();
  const navigation = useNavigation();
  const mode = loginModeFrom(params);
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
function useAuthForm<I extends Intent>(intent: I, lastResult: SubmissionResult<string[]> | undefined) {
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
