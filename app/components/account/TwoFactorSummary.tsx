// The 'Two-factor sign-in' box on /managesub: on or off, and the way to the settings page.
import { Link } from "@remix-run/react";
import { TWO_FACTOR_PATH } from "~/lib/auth-user";
import { buttonClass } from "../ui/Button";

export function TwoFactorSummary({ enabled, recoveryCodesLeft }: { enabled: boolean; recoveryCodesLeft: number }) {
  return (
    <section
      aria-labelledby="two-factor-title"
      className="space-y-4 rounded-2xl border border-line bg-panel p-6"
      data-testid="two-factor-summary"
    >
      <h2 id="two-factor-title" className="text-xl font-semibold">
        Two-factor sign-in
      </h2>
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
    </section>
  );
}
