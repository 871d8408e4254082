// The blocks of /account/two-factor that are not forms of their own: the status, the button that starts a
// set-up (or replaces the app), making new recovery codes, and turning two-factor off.
import { Form, Link } from "@remix-run/react";
import { Alert } from "~/ui/Alert";
import { Button } from "~/ui/Button";
import { SettingsSection } from "~/ui/SettingsSection";
import { TWO_FACTOR_MSG } from "./totp";
import { IdentityForm } from "./TotpSettings";
import type { Reply } from "./TotpSettings";

/** On since when (with the recovery codes left), or off; and the way on when the visitor was sent here. */
export function TwoFactorStatus({
  enabledAt,
  recoveryCodesLeft,
  continueTo,
}: {
  /** When it was turned on, as shown; null when it is off. */
  enabledAt: string | null;
  recoveryCodesLeft: number;
  /** Where a "Continue" link leads, when there is somewhere to go on to. */
  continueTo: string | null;
}) {
  return (
    <SettingsSection id="status-title" title="Status">
      <p className="text-lg" data-testid="two-factor-status">
        {enabledAt ? (
          <>
            <strong className="text-emerald-300">On</strong> since {enabledAt}. Signing in takes your password and a
            code from your authenticator app.
          </>
        ) : (
          <>
            <strong className="text-amber-300">Off</strong>. Your password alone signs in to your account. A code from
            an app on your phone keeps someone who learns your password out.
          </>
        )}
      </p>
      {enabledAt ? (
        <p className="text-zinc-300" data-testid="recovery-codes-left">
          Recovery codes left: {recoveryCodesLeft} of 10.
        </p>
      ) : null}
      {continueTo ? (
        <p>
          <Link to={continueTo} className="text-accent underline underline-offset-2">
            Continue
          </Link>
        </p>
      ) : null}
    </SettingsSection>
  );
}

/** The button that starts setting the app up, or replacing it. */
export function StartSetUpPanel({ enabled, error, busy }: { enabled: boolean; error: string | null; busy: boolean }) {
  return (
    <SettingsSection id="change-title" title={enabled ? "Change" : "Turn on"}>
      {error ? <Alert tone="error">{error}</Alert> : null}
      <Form method="post">
        <input type="hidden" name="intent" value="start" />
        <Button type="submit" size="roomy" busy={busy}>
          {enabled ? "Replace authenticator app" : "Set up two-factor sign-in"}
        </Button>
      </Form>
    </SettingsSection>
  );
}

type IdentityStep = { freshSecondFactor: boolean; lastResult: Reply; busy: boolean };

function NewRecoveryCodesPanel(props: IdentityStep) {
  return (
    <SettingsSection id="codes-manage-title" title="Recovery codes">
      <p className="text-zinc-300">New codes replace all of the old ones.</p>
      <IdentityForm id="two-factor-regenerate" intent="regenerate" label="Make new recovery codes" {...props} />
    </SettingsSection>
  );
}

/** An administrator cannot turn it off: their powers need a second factor (docs/accounts.md). */
function TurnOffPanel({ isAdminAccount, ...props }: IdentityStep & { isAdminAccount: boolean }) {
  return (
    <SettingsSection id="off-title" title="Turn off" frame="danger">
      {isAdminAccount ? (
        <p className="text-zinc-300">{TWO_FACTOR_MSG.adminCannotDisable}</p>
      ) : (
        <IdentityForm
          id="two-factor-disable"
          intent="disable"
          label="Turn off two-factor sign-in"
          variant="danger"
          {...props}
        />
      )}
    </SettingsSection>
  );
}

/** What someone with two-factor on can do besides replacing the app: new recovery codes, turning it off. */
export function ManagePanels({
  isAdminAccount,
  freshSecondFactor,
  replyFor,
  busy,
}: {
  isAdminAccount: boolean;
  freshSecondFactor: boolean;
  replyFor: (intent: "regenerate" | "disable") => Reply;
  busy: boolean;
}) {
  return (
    <>
      <NewRecoveryCodesPanel freshSecondFactor={freshSecondFactor} lastResult={replyFor("regenerate")} busy={busy} />
      <TurnOffPanel
        isAdminAccount={isAdminAccount}
        freshSecondFactor={freshSecondFactor}
        lastResult={replyFor("disable")}
        busy={busy}
      />
    </>
  );
}
