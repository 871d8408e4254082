// Building blocks of the login and reset screens: the card, the one red box the spec puts above the form,
// the notice box, links. Fields and buttons are the shared ones from app/ui/.
import type { ReactNode } from "react";
import { Link } from "@remix-run/react";
import { z } from "zod";
import { firstError } from "~/features/accounts/auth-schemas";
import { Logo } from "~/features/site/Logo";
import { Alert } from "~/ui/Alert";
import { allMessages } from "~/ui/submission";

export function AuthCard({ title, subtitle, children }: { title: string; subtitle?: ReactNode; children: ReactNode }) {
  return (
    <div className="mx-auto w-full max-w-md px-4 py-10 sm:py-16">
      <div className="space-y-6 rounded-2xl border border-line bg-panel p-6 shadow-2xl sm:p-8">
        <div className="space-y-2 text-center">
          <Link to="/" className="inline-flex min-h-11 items-center">
            <Logo />
          </Link>
          <h1 className="text-2xl font-bold">{title}</h1>
          {subtitle ? <p className="text-sm text-muted">{subtitle}</p> : null}
        </div>
        {children}
      </div>
    </div>
  );
}

/** The red box above the form (spec §8): one message, whichever field it is about. */
export function ErrorBox({ id, message }: { id?: string; message: string | null | undefined }) {
  return (
    <Alert tone="error" size="compact" id={id} data-testid="auth-error">
      {message}
    </Alert>
  );
}

export function NoticeBox({ message, tone = "ok" }: { message: string | null | undefined; tone?: "ok" | "warn" }) {
  return (
    <Alert tone={tone === "ok" ? "success" : "warning"} size="compact" data-testid="auth-notice">
      {message}
    </Alert>
  );
}

/**
 * The one message the red box shows for a form's errors (Conform's `allErrors`, or a server reply's
 * `error`), chosen as the JSON API chooses it: "fill these in" before "this one is malformed".
 */
export function boxMessage(
  errors: Record<string, readonly string[] | null | undefined> | null | undefined,
): string | null {
  const messages = allMessages(errors);
  if (messages.length === 0) return null;
  return firstError(
    new z.ZodError(messages.map((message) => ({ code: "custom" as const, path: [], message, input: undefined }))),
  );
}

export function TextLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link to={to} className="inline-flex min-h-11 items-center text-sm text-accent underline-offset-4 hover:underline">
      {children}
    </Link>
  );
}
