// /managesub's Passkeys section: the owner's passkeys, adding one (needs JavaScript: the browser's WebAuthn
// call) and removing one (a plain form post, so it works without). Both changes ask for the current
// password unless the session proved a second factor in the last few minutes.
import { useFetcher, useRevalidator } from "@remix-run/react";
import { browserSupportsWebAuthn, startRegistration } from "@simplewebauthn/browser";
import type { PublicKeyCredentialCreationOptionsJSON } from "@simplewebauthn/browser";
import { useState } from "react";
import type { FormEvent } from "react";
import { PASSKEY_API, PASSKEY_MSG, PASSKEY_NAME_MAX, PASSKEY_REMOVE_INTENT } from "./passkeys";
import type { PasskeySectionData, PasskeyView } from "./passkeys";
import { Alert } from "~/ui/Alert";
import { SettingsSection } from "~/ui/SettingsSection";
import { Button } from "~/ui/Button";
import { ErrorList } from "~/ui/ErrorList";
import { Field } from "~/ui/Field";
import { useHydrated } from "~/ui/useHydrated";
import { passkeyCeremony } from "./passkey-fetch";

const PASSWORD_INPUT = { type: "password", autoComplete: "current-password", required: true, maxLength: 128 } as const;
const PASSWORD_HINT = "Needed unless you signed in with a passkey or second factor in the last 10 minutes.";

export function PasskeysSection({ passkeys, needsPassword, defaultName }: PasskeySectionData) {
  return (
    <SettingsSection
      id="passkeys-title"
      title="Passkeys"
      testId="passkeys"
      intro="A passkey signs you in with your phone's or computer's screen lock (fingerprint, face or PIN) instead of your password, and nobody can phish it. Your password still works on its own: to ask for a code after it, turn on two-factor sign-in."
    >
      {passkeys.length === 0 ? (
        <p className="text-muted">You have no passkeys yet.</p>
      ) : (
        <ul className="divide-y divide-line">
          {passkeys.map((p, index) => (
            <PasskeyRow key={p.id} passkey={p} index={index} needsPassword={needsPassword} />
          ))}
        </ul>
      )}
      <AddPasskey needsPassword={needsPassword} defaultName={defaultName} />
    </SettingsSection>
  );
}

function PasskeyRow({
  passkey,
  index,
  needsPassword,
}: {
  passkey: PasskeyView;
  index: number;
  needsPassword: boolean;
}) {
  const fetcher = useFetcher<{ error?: string }>();
  return (
    <li className="space-y-2 py-3" data-testid="passkey">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <span className="font-medium">{passkey.name}</span>
        <span className="text-sm text-zinc-300">
          Added <time dateTime={passkey.addedAt}>{passkey.added}</time> · Last used: {passkey.lastUsed ?? "never"}
        </span>
      </div>
      {/* <details> opens without JavaScript, so the confirmation step works everywhere. */}
      <details>
        <summary className="inline-flex min-h-11 cursor-pointer items-center text-sm text-rose-200 underline underline-offset-2">
          Remove
        </summary>
        <fetcher.Form method="post" action="/managesub" className="mt-2 space-y-3">
          <input type="hidden" name="intent" value={PASSKEY_REMOVE_INTENT} />
          <input type="hidden" name="passkeyId" value={passkey.id} />
          {needsPassword ? (
            <Field
              label="Current password"
              description={PASSWORD_HINT}
              input={{ ...PASSWORD_INPUT, id: `passkey-remove-password-${index}`, name: "currentPassword" }}
            />
          ) : null}
          <ErrorList errors={fetcher.data?.error ? [fetcher.data.error] : null} testId="passkey-remove-error" />
          <Button type="submit" variant="destructive" busy={fetcher.state !== "idle"}>
            Remove “{passkey.name}”
          </Button>
        </fetcher.Form>
      </details>
    </li>
  );
}

function AddPasskey({ needsPassword, defaultName }: { needsPassword: boolean; defaultName: string }) {
  const hydrated = useHydrated();
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  async function add(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const fields = new FormData(form);
    setError(null);
    setNotice(null);
    if (!browserSupportsWebAuthn()) return setError(PASSKEY_MSG.unsupported);
    setBusy(true);
    try {
      const done = await passkeyCeremony<PublicKeyCredentialCreationOptionsJSON, unknown>({
        optionsUrl: PASSKEY_API.registerOptions,
        optionsBody: { currentPassword: fields.get("currentPassword") ?? "" },
        ceremony: (optionsJSON) => startRegistration({ optionsJSON }),
        during: "register",
        finishUrl: PASSKEY_API.register,
        finishBody: (response) => ({ name: fields.get("name") ?? "", response }),
      });
      if (!done.ok) return setError(done.error);
      form.reset();
      setNotice(PASSKEY_MSG.added);
      revalidator.revalidate();
    } finally {
      setBusy(false);
    }
  }

  return (
    // method="post": should the form ever go out without our handler, no password lands in an address.
    <form method="post" onSubmit={add} className="space-y-3 border-t border-line pt-4" aria-label="Add a passkey">
      <Alert tone="success" data-testid="passkey-notice">
        {notice}
      </Alert>
      <Alert tone="error" data-testid="passkey-add-error">
        {error}
      </Alert>
      <Field
        label="Name for the new passkey"
        description="So you can tell your passkeys apart, e.g. the device it is on."
        input={{ id: "passkey-name", name: "name", defaultValue: defaultName, maxLength: PASSKEY_NAME_MAX }}
      />
      {needsPassword ? (
        <Field
          label="Current password"
          description={PASSWORD_HINT}
          input={{ ...PASSWORD_INPUT, id: "passkey-add-password", name: "currentPassword" }}
        />
      ) : null}
      {/* Disabled until the page's JavaScript runs: without it there is no way to ask the device. */}
      <Button type="submit" disabled={!hydrated} busy={busy}>
        Add a passkey
      </Button>
      <noscript>
        <p className="text-sm text-amber-100">{PASSKEY_MSG.addNeedsJs}</p>
      </noscript>
    </form>
  );
}
