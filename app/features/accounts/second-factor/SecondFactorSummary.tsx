// The 'Two-factor sign-in' box on /managesub: on or off, and the way to the settings page.
import { Link } from "@remix-run/react";
import { TWO_FACTOR_PATH } from "~/core/session-user";
import { buttonClass } from "~/ui/Button";
import { SettingsSection } from "~/ui/SettingsSection";

export function TwoFactorSummary({ enabled, recoveryCodesLeft }: { enabled: boolean; recoveryCodesLeft: number }) {
  return (
    <SettingsSection id="two-factor-title" title="Two-factor sign-in" testId="two-factor-summary">
      <p>
        {enabled ? (
          <>
            <strong className="text-emerald-300">On</strong>: signing in takes your password and a code from your
            authenticator app. Recovery codes left: {recoveryCodesLeft}.
          </>
        ) : (
          <>
            <strong className="text-amber-300">Off</strong>: your password alone signs in. Add a code from an app on
            your phone to keep out anyone who learns your password.
          </>
        )}
      </p>
      <Link to={TWO_FACTOR_PATH} className={buttonClass({ variant: enabled ? "secondary" : "primary", size: "roomy" })}>
        {enabled ? "Manage two-factor sign-in" : "Set up two-factor sign-in"}
      </Link>
    </SettingsSection>
  );
}
