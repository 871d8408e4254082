import {
  data,
  replace,
  type ActionFunctionArgs,
  type HeadersFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData, useNavigation, useSearchParams } from "@remix-run/react";
import { useEffect, useState, type FormEvent } from "react";
import { AuthCard, ErrorBox, Field, NoticeBox, SubmitButton, TextLink } from "~/components/auth/AuthParts";
import {
  loginModeFrom,
  loginModeHref,
  safeRedirectTo,
  withoutSessionExpired,
  type LoginMode,
} from "~/lib/auth-redirect";
import {
  FALLBACK,
  formToObject,
  loginSchema,
  MSG,
  parseWith,
  PASSWORD_MAX,
  PASSWORD_MIN,
  resetRequestSchema,
  signupSchema,
} from "~/lib/auth-schemas";
import { requestPasswordReset, signup } from "~/server/accounts.server";
import { AuthError, isRateLimited, login } from "~/server/auth.server";
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
type ActionResult = { intent: Intent; error?: string; notice?: string };

const fail = (intent: Intent, error: string, status: number) => data<ActionResult>({ intent, error }, { status });

export async function action({ request, context }: ActionFunctionArgs) {
  const cf = context.cloudflare;
  const form = await readForm(request);
  if (!form) return fail("login", MSG.required, 400);
  const raw = form.get("intent");
  const intent: Intent = raw === "signup" || raw === "reset" ? raw : "login";
  const input = formToObject(form);
  const redirectTo = safeRedirectTo(form.get("redirectTo") ?? new URL(request.url).searchParams.get("redirectTo"));
  const limiterAction = intent;
  if (await isRateLimited(request, cf.env, limiterAction)) return fail(intent, MSG.rateLimited, 429);

  try {
    if (intent === "login") {
      const { cookie } = await login(request, cf.env, input, cf.cf);
      // replace(): the login page does not stay in history behind the page the user came for.
      return replace(redirectTo, { headers: { "Set-Cookie": cookie } });
    }
    if (intent === "signup") {
      const parsed = parseWith(signupSchema, input);
      if (!parsed.ok) return fail(intent, parsed.error, 400);
      const { cookie } = await signup(request, cf, parsed.data);
      return replace(redirectTo, { headers: { "Set-Cookie": cookie } });
    }
    const parsed = parseWith(resetRequestSchema, input);
    if (!parsed.ok) return fail(intent, parsed.error, 400);
    await requestPasswordReset(request, cf, parsed.data.email);
    return data<ActionResult>({ intent, notice: MSG.resetSent });
  } catch (error) {
    if (error instanceof AuthError) return fail(intent, error.message, error.status);
    console.error(`login page: ${intent} failed`, error);
    return fail(
      intent,
      intent === "login" ? FALLBACK.login : intent === "signup" ? FALLBACK.signup : FALLBACK.resetRequest,
      500,
    );
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
  const [clientError, setClientError] = useState<{ mode: LoginMode; message: string } | null>(null);

  useEffect(() => {
    // Shown once: a reload or a shared link should not keep saying the session expired.
    if (sessionExpired)
      window.history.replaceState(window.history.state, "", withoutSessionExpired(window.location.href));
  }, [sessionExpired]);

  const serverResult = actionData && actionData.intent === mode ? actionData : null;
  const error = clientError?.mode === mode ? clientError.message : (serverResult?.error ?? null);

  /** The same schema as the server, run first so the message shows without a round trip. */
  const check = (schema: Parameters<typeof parseWith>[0]) => (event: FormEvent<HTMLFormElement>) => {
    const result = parseWith(schema, formToObject(new FormData(event.currentTarget)));
    if (result.ok) {
      setClientError(null);
    } else {
      event.preventDefault();
      setClientError({ mode, message: result.error });
    }
  };

  const hidden = (intent: Intent) => (
    <>
      <input type="hidden" name="intent" value={intent} />
      {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
    </>
  );

  if (mode === "signup") {
    return (
      <AuthCard title="Create an Account" subtitle="Join the #1 platform in New Zealand.">
        <ErrorBox message={error} />
        <Form
          method="post"
          replace
          noValidate
          onSubmit={check(signupSchema)}
          className="space-y-4"
          aria-label="Sign up"
        >
          {hidden("signup")}
          <Field label="First Name" name="firstName" type="text" autoComplete="given-name" required maxLength={50} />
          <Field
            label="Email"
            name="email"
            type="email"
            autoComplete="email"
            inputMode="email"
            required
            maxLength={254}
          />
          <Field
            label="Password"
            name="password"
            type="password"
            autoComplete="new-password"
            required
            minLength={PASSWORD_MIN}
            maxLength={PASSWORD_MAX}
            hint={`At least ${PASSWORD_MIN} characters.`}
          />
          <fieldset className="space-y-2">
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
                    type="radio"
                    name="agency"
                    value={choice.value}
                    required
                    className="h-5 w-5 accent-[#f0a86b]"
                  />
                  {choice.label}
                </label>
              ))}
            </div>
          </fieldset>
          <SubmitButton busy={busy}>Sign Up</SubmitButton>
        </Form>
        <p className="text-center">
          <TextLink to={loginModeHref("login", redirectTo)}>Already have an account? Login</TextLink>
        </p>
      </AuthCard>
    );
  }

  if (mode === "reset") {
    return (
      <AuthCard title="Reset Password" subtitle="Enter your email to receive a reset link.">
        <ErrorBox message={error} />
        <NoticeBox message={serverResult?.notice} />
        <Form
          method="post"
          replace
          noValidate
          onSubmit={check(resetRequestSchema)}
          className="space-y-4"
          aria-label="Request a reset link"
        >
          {hidden("reset")}
          <Field
            label="Email"
            name="email"
            type="email"
            autoComplete="email"
            inputMode="email"
            required
            maxLength={254}
          />
          <SubmitButton busy={busy}>Send Reset Link</SubmitButton>
        </Form>
        <p className="text-center">
          <TextLink to={loginModeHref("login", redirectTo)}>Back to Login</TextLink>
        </p>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Welcome Back" subtitle="Please log in to your account.">
      {sessionExpired ? <NoticeBox tone="warn" message={MSG.sessionExpired} /> : null}
      <ErrorBox message={error} />
      <Form method="post" replace noValidate onSubmit={check(loginSchema)} className="space-y-4" aria-label="Log in">
        {hidden("login")}
        <Field
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          inputMode="email"
          required
          maxLength={254}
        />
        <Field
          label="Password"
          name="password"
          type="password"
          autoComplete="current-password"
          required
          maxLength={PASSWORD_MAX}
        />
        <div className="flex justify-end">
          <TextLink to={loginModeHref("reset", redirectTo)}>Forgot your password?</TextLink>
        </div>
        <SubmitButton busy={busy}>Login</SubmitButton>
      </Form>
      <p className="text-center">
        <TextLink to={loginModeHref("signup", redirectTo)}>Need an account? Sign Up</TextLink>
      </p>
    </AuthCard>
  );
}
