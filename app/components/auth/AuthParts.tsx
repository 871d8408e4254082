// Building blocks of the login and reset screens: the card, labelled fields, the message boxes.
import type { InputHTMLAttributes, ReactNode } from "react";
import { Link } from "@remix-run/react";
import { Logo } from "../Logo";

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

/** The red box above the form (spec §8). */
export function ErrorBox({ message }: { message: string | null | undefined }) {
  if (!message) return null;
  return (
    <div
      role="alert"
      data-testid="auth-error"
      className="rounded-lg border border-red-500/60 bg-red-950/70 px-3 py-2 text-sm text-red-100"
    >
      {message}
    </div>
  );
}

export function NoticeBox({ message, tone = "ok" }: { message: string | null | undefined; tone?: "ok" | "warn" }) {
  if (!message) return null;
  const colours =
    tone === "ok"
      ? "border-emerald-500/60 bg-emerald-950/60 text-emerald-100"
      : "border-amber-500/60 bg-amber-950/60 text-amber-100";
  return (
    <div role="status" data-testid="auth-notice" className={`rounded-lg border px-3 py-2 text-sm ${colours}`}>
      {message}
    </div>
  );
}

type FieldProps = InputHTMLAttributes<HTMLInputElement> & { label: string; name: string; hint?: string };

export function Field({ label, name, hint, id, ...input }: FieldProps) {
  const fieldId = id ?? `field-${name}`;
  const hintId = hint ? `${fieldId}-hint` : undefined;
  return (
    <div className="space-y-1">
      <label htmlFor={fieldId} className="block text-sm font-medium">
        {label}
      </label>
      <input
        id={fieldId}
        name={name}
        aria-describedby={hintId}
        className="h-12 w-full rounded-lg border border-line bg-ink px-3 text-base text-white placeholder:text-zinc-500"
        {...input}
      />
      {hint ? (
        <p id={hintId} className="text-xs text-muted">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

export function SubmitButton({ children, busy }: { children: ReactNode; busy?: boolean }) {
  return (
    <button
      type="submit"
      disabled={busy}
      aria-busy={busy || undefined}
      className="inline-flex min-h-12 w-full items-center justify-center rounded-lg bg-accent px-4 font-semibold text-ink disabled:opacity-60"
    >
      {children}
    </button>
  );
}

export function TextLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link to={to} className="inline-flex min-h-11 items-center text-sm text-accent underline-offset-4 hover:underline">
      {children}
    </Link>
  );
}
