// The parts of /account/two-factor: status, set-up with a QR code, the step-up code, the recovery codes shown
// once, and turning off. Every form is a plain POST that works without JavaScript; Conform runs the same
// schemas in the browser first and puts the server's message beside the field it is about.
import { getFormProps, getInputProps } from "@conform-to/react";
import type { SubmissionResult } from "@conform-to/react";
import { Form, Link } from "@remix-run/react";
import { useState } from "react";
import { encode } from "uqr";
import { useShowInView } from "~/ui/show-in-view";
import { confirmSetUpSchema, identitySchema, recoveryCodesText, stepUpSchema, TWO_FACTOR_MSG } from "./totp";
import { Alert } from "~/ui/Alert";
import { Button, buttonClass } from "~/ui/Button";
import { Field } from "~/ui/Field";
import { SettingsSection } from "~/ui/SettingsSection";
import { useHydrated } from "~/ui/useHydrated";
import { useSchemaForm } from "~/ui/useSchemaForm";
import { RemoveAllPasskeys } from "./RemoveAllPasskeys";

export type Reply = SubmissionResult<string[]> | undefined;

/**
 * The QR code an authenticator app scans, drawn as one SVG path from uqr's module matrix (no markup string
 * is injected). The address it carries holds the secret, so it is only ever in this page.
 */
export function QrCode({ uri }: { uri: string }) {
  const { data, size } = encode(uri, { ecc: "M", border: 2 });
  let path = "";
  data.forEach((row, y) =>
    row.forEach((dark, x) => {
      if (dark) path += `M${x} ${y}h1v1h-1z`;
    }),
  );
  return (
    <svg
      viewBox={`0 0 ${size} ${size}`}
      width={224}
      height={224}
      role="img"
      aria-label="QR code for your authenticator app"
      className="rounded-lg bg-white"
      shapeRendering="crispEdges"
      data-testid="totp-qr"
    >
      <path d={path} fill="#000" />
    </svg>
  );
}

function Hidden({ intent, redirectTo }: { intent: string; redirectTo?: string | null }) {
  return (
    <>
      <input type="hidden" name="intent" value={intent} />
      {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
    </>
  );
}

function CodeInput({ field, label = "6-digit code" }: { field: Parameters<typeof getInputProps>[0]; label?: string }) {
  return (
    <Field
      label={label}
      errors={field.errors}
      input={{
        ...getInputProps(field, { type: "text" }),
        autoComplete: "one-time-code",
        inputMode: "numeric",
        required: true,
        maxLength: 20,
      }}
    />
  );
}

function PasswordInput({ field, optional }: { field: Parameters<typeof getInputProps>[0]; optional: boolean }) {
  return (
    <Field
      label="Current password"
      description={
        optional ? "Not needed if you entered a code from your app in the last 10 minutes." : "To confirm it is you."
      }
      errors={field.errors}
      input={{
        ...getInputProps(field, { type: "password", value: false }),
        autoComplete: "current-password",
        maxLength: 128,
      }}
    />
  );
}

/** Set-up (or replacement): scan, type a code, confirm with the password. Nothing changes before that. */
export function SetUpPanel({
  setUp,
  replacing,
  freshSecondFactor,
  passkeys,
  redirectTo,
  lastResult,
  busy,
}: {
  setUp: { uri: string; secret: string };
  replacing: boolean;
  freshSecondFactor: boolean;
  /** How many passkeys the account has: the form offers to remove them all with the new app. */
  passkeys: number;
  redirectTo: string | null;
  lastResult: Reply;
  busy: boolean;
}) {
  const [form, fields] = useSchemaForm("two-factor-confirm", confirmSetUpSchema, lastResult);
  return (
    <SettingsSection
      id="setup-title"
      title={replacing ? "Replace your authenticator app" : "Set up your authenticator app"}
      testId="totp-setup"
    >
      <ol className="list-decimal space-y-2 pl-6 text-zinc-200">
        <li>
          Open an authenticator app (Google Authenticator, Microsoft Authenticator, 1Password, Aegis, and others) and
          scan this QR code. On the phone that has the app,{" "}
          <a href={setUp.uri} className="text-accent underline" data-testid="totp-add-link">
            add it to your authenticator app
          </a>{" "}
          instead.
        </li>
        <li>
          Or add it by hand with this key (time-based, 6 digits):{" "}
          <code className="rounded bg-ink px-2 py-1 font-mono tracking-wide text-accent" data-testid="totp-secret">
            {setUp.secret}
          </code>{" "}
          <CopyButton text={setUp.secret.replace(/ /g, "")} label="Copy the key" className="mt-2" />
        </li>
        <li>Enter the 6-digit code the app shows{replacing ? "" : ", and your password"} below.</li>
      </ol>
      <QrCode uri={setUp.uri} />
      {form.errors?.length ? (
        <Alert tone="error" id={form.errorId}>
          {form.errors[0]}
        </Alert>
      ) : null}
      <Form method="post" {...getFormProps(form)} className="space-y-4" aria-label="Confirm set-up">
        <Hidden intent="confirm" redirectTo={redirectTo} />
        <CodeInput field={fields.code} />
        <PasswordInput field={fields.currentPassword} optional={freshSecondFactor} />
        <RemoveAllPasskeys count={passkeys} id="two-factor-remove-passkeys" />
        <div className="flex flex-wrap gap-3">
          <Button type="submit" size="roomy" busy={busy}>
            {replacing ? "Replace" : "Turn on"}
          </Button>
        </div>
      </Form>
      <Form method="post">
        <Hidden intent="cancel" redirectTo={redirectTo} />
        <Button type="submit" variant="secondary" disabled={busy}>
          Cancel set-up
        </Button>
      </Form>
    </SettingsSection>
  );
}

/** The account has a second factor and this session has not proved it yet. */
export function StepUpPanel({
  lastResult,
  busy,
  redirectTo,
}: {
  lastResult: Reply;
  busy: boolean;
  redirectTo: string | null;
}) {
  const [form, fields] = useSchemaForm("two-factor-step-up", stepUpSchema, lastResult);
  return (
    <SettingsSection id="step-up-title" title="Confirm it is you" testId="totp-step-up">
      <p className="text-zinc-300">
        This session started before you proved your second factor. {TWO_FACTOR_MSG.codeRequired}
      </p>
      {form.errors?.length ? <Alert tone="error">{form.errors[0]}</Alert> : null}
      <Form method="post" {...getFormProps(form)} className="space-y-4" aria-label="Enter your code">
        <Hidden intent="stepUp" redirectTo={redirectTo} />
        <CodeInput field={fields.code} />
        <Button type="submit" size="roomy" busy={busy}>
          Verify
        </Button>
      </Form>
    </SettingsSection>
  );
}

/** A button that needs the current password (or a fresh second factor): turn off, new recovery codes. */
export function IdentityForm({
  id,
  intent,
  label,
  variant = "secondary",
  freshSecondFactor,
  lastResult,
  busy,
}: {
  id: string;
  intent: "disable" | "regenerate" | "start";
  label: string;
  variant?: "secondary" | "danger";
  freshSecondFactor: boolean;
  lastResult: Reply;
  busy: boolean;
}) {
  const [form, fields] = useSchemaForm(id, identitySchema, lastResult);
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-3" aria-label={label}>
      <Hidden intent={intent} />
      {form.errors?.length ? <Alert tone="error">{form.errors[0]}</Alert> : null}
      <PasswordInput field={fields.currentPassword} optional={freshSecondFactor} />
      <Button type="submit" variant={variant} busy={busy}>
        {label}
      </Button>
    </Form>
  );
}

/** Copies `text` (with JavaScript; without it the text is on the page to select). */
function CopyButton({ text, label, className }: { text: string; label: string; className?: string }) {
  const [copied, setCopied] = useState(false);
  if (!useHydrated()) return null;
  return (
    <Button
      variant="secondary"
      className={className}
      onClick={() => {
        void navigator.clipboard?.writeText(text).then(() => setCopied(true));
      }}
    >
      {copied ? "Copied" : label}
    </Button>
  );
}

/** The recovery codes, shown once: to copy (with JavaScript), download or print. */
export function RecoveryCodesPanel({
  codes,
  siteName,
  continueTo,
}: {
  codes: readonly string[];
  siteName: string;
  continueTo: string | null;
}) {
  const text = recoveryCodesText(codes, siteName);
  // Shown once, right after a form post that leaves the page where it was: moved into view and focused.
  const ref = useShowInView<HTMLElement>(codes);
  return (
    <SettingsSection
      id="codes-title"
      title="Your recovery codes"
      frame="warning"
      testId="recovery-codes"
      sectionRef={ref}
      className="scroll-mt-4 focus:outline-none focus-visible:ring-2 focus-visible:ring-accent"
    >
      <p className="text-zinc-200">
        If you lose your phone, each of these codes signs you in once. Save them now somewhere safe (a password manager,
        or printed): <strong>they are not shown again</strong>.
      </p>
      <ul className="grid grid-cols-2 gap-2 font-mono text-lg" aria-label="Recovery codes">
        {codes.map((code) => (
          <li key={code} className="rounded bg-ink px-3 py-2 text-center" data-testid="recovery-code">
            {code}
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-3">
        <a
          href={`data:text/plain;charset=utf-8,${encodeURIComponent(text)}`}
          download="kiwi-companions-recovery-codes.txt"
          className={buttonClass({ variant: "secondary" })}
        >
          Download
        </a>
        {/* Copying needs JavaScript; the download and the list itself do not. */}
        <CopyButton text={text} label="Copy" />
        {continueTo ? (
          <Link to={continueTo} className={buttonClass({ size: "roomy" })}>
            I have saved them: continue
          </Link>
        ) : null}
      </div>
    </SettingsSection>
  );
}
