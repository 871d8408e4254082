import type { ReactNode } from "react";
import { Link } from "@remix-run/react";
import { LABEL } from "~/features/site/messages";
import { buttonClass } from "~/ui/Button";

/** What a verification page shows when none of the provider's listings can be sent: why, and the way back. */
export function NoChoices({ children }: { children: ReactNode }) {
  return (
    <div className="space-y-4 rounded-2xl border border-line bg-panel p-6">
      <p>{children}</p>
      <Link to="/dashboard" className={buttonClass({ size: "roomy" })}>
        {LABEL.backToDashboard}
      </Link>
    </div>
  );
}
