// Two-factor offered at the start (docs/decisions/0056-two-factor-offered-at-the-start.md): the offer after the
// address is confirmed (/account/secure), and the dashboard's reminder until two-factor sign-in is on. Plain links
// and a form post, so both work without JavaScript (adding a passkey needs it, and says so).
import { Form, Link } from "@remix-run/react";
import { Alert } from "~/ui/Alert";
import { Button, buttonClass } from "~/ui/Button";
import { LockIcon } from "~/ui/icons";
import { DISMISS_TWO_FACTOR_INTENT, TWO_FACTOR_OFFER, TWO_FACTOR_WHY } from "./two-factor-offer";

const twoFactorHref = (next: string) => `/account/two-factor?${new URLSearchParams({ redirectTo: next })}`;

/** The offer's two choices, and 'Skip for now'; `passkeys` is the passkey section, shown beside them. */
export function TwoFactorOfferPanel({ next, passkeys }: { next: string; passkeys: React.ReactNode }) {
  return (
    <div className="space-y-6" data-testid="two-factor-offer">
      <p className="flex items-start gap-2 text-lg text-zinc-100" data-testid="two-factor-why">
        <LockIcon className="mt-1 h-5 w-5 shrink-0 text-accent" />
        {TWO_FACTOR_WHY}
      </p>
      <section className="space-y-3 rounded-2xl border border-line bg-panel p-5" aria-labelledby="offer-app">
        <h2 id="offer-app" className="text-lg font-semibold">
          {TWO_FACTOR_OFFER.app}
        </h2>
        <p className="text-sm text-zinc-300">{TWO_FACTOR_OFFER.appHint}</p>
        <Link to={twoFactorHref(next)} className={buttonClass({ size: "roomy" })}>
          Set up the authenticator app
        </Link>
      </section>
      {/* The passkey section says what a passkey is and that the password still works beside it. */}
      {passkeys}
      <p>
        <Link
          to={next}
          className="inline-flex min-h-11 items-center text-accent underline underline-offset-2"
          data-testid="two-factor-skip"
        >
          {TWO_FACTOR_OFFER.skip}
        </Link>
      </p>
    </div>
  );
}

/** The dashboard's reminder while two-factor sign-in is off: the why, the way, and 'Not now'. */
export function TwoFactorReminder({ hasPasskey, busy }: { hasPasskey: boolean; busy: boolean }) {
  return (
    <Alert tone="warning" role="note" data-testid="two-factor-reminder">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="min-w-0 flex-1">
          <strong>{hasPasskey ? TWO_FACTOR_OFFER.reminderPasskey : TWO_FACTOR_OFFER.reminder}</strong> {TWO_FACTOR_WHY}
        </p>
        <div className="flex flex-wrap items-center gap-2">
          <Link to={twoFactorHref("/dashboard")} className={buttonClass({ size: "md" })}>
            {TWO_FACTOR_OFFER.turnOn}
          </Link>
          <Form method="post">
            <input type="hidden" name="intent" value={DISMISS_TWO_FACTOR_INTENT} />
            <Button type="submit" variant="secondary" disabled={busy}>
              {TWO_FACTOR_OFFER.dismiss}
            </Button>
          </Form>
        </div>
      </div>
    </Alert>
  );
}
