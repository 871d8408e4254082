// 'Sign in with a passkey': usernameless, so it needs nothing from the page but where to go afterwards.
// Self-contained so any sign-in step (the password form, a two-factor step) can offer it.
import { browserSupportsWebAuthn, startAuthentication } from "@simplewebauthn/browser";
import type { PublicKeyCredentialRequestOptionsJSON } from "@simplewebauthn/browser";
import { useState } from "react";
import { PASSKEY_API, PASSKEY_MSG } from "./passkeys";
import { Alert } from "~/ui/Alert";
import { Button } from "~/ui/Button";
import { useHydrated } from "~/ui/useHydrated";
import { passkeyCeremony } from "./passkey-fetch";

export function PasskeySignIn({ redirectTo }: { redirectTo: string | null }) {
  const hydrated = useHydrated();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function signIn() {
    setError(null);
    if (!browserSupportsWebAuthn()) {
      setError(PASSKEY_MSG.unsupported);
      return;
    }
    setBusy(true);
    try {
      const done = await passkeyCeremony<PublicKeyCredentialRequestOptionsJSON, { redirectTo: string }>({
        optionsUrl: PASSKEY_API.signInOptions,
        optionsBody: {},
        ceremony: (optionsJSON) => startAuthentication({ optionsJSON }),
        during: "sign-in",
        finishUrl: PASSKEY_API.signIn,
        finishBody: (response) => ({ response, redirectTo }),
      });
      if (!done.ok) return setError(done.error);
      // A full load: every part of the page (the header's menu, the root loader) sees the new session. The
      // server chose the path through the redirect guard; replace() keeps the login page out of history.
      window.location.replace(done.data.redirectTo);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="space-y-2" data-testid="passkey-sign-in">
      <Alert tone="error" size="compact" data-testid="passkey-error">
        {error}
      </Alert>
      <Button variant="secondary" size="lg" block busy={busy} disabled={!hydrated} onClick={signIn}>
        Sign in with a passkey
      </Button>
      <noscript>
        <p className="text-sm text-muted">{PASSKEY_MSG.signInNeedsJs}</p>
      </noscript>
    </div>
  );
}
