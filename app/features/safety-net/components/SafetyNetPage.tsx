// The provider's Safety Net page: the number check, the alerts for their regions, their own reports and the
// digest switch; to an account without access (on a break, no longer verified, taken down, suspended) only
// its own reports, and the digest switch while the e-mails are on. The data comes from pages.server.ts
// through the route (routes/dashboard_.safety-net.tsx). Each section lives beside it: NumberCheck,
// RegionAlerts, MyReports, DigestSwitch.
import { Link, useNavigation } from "@remix-run/react";
import { Alert } from "~/ui/Alert";
import { buttonClass } from "~/ui/Button";
import type { SafetyNetData, SafetyNetResult } from "./safety-net-views";
import { NumberCheck } from "./NumberCheck";
import { RegionAlerts } from "./RegionAlerts";
import { MyReports } from "./MyReports";
import { DigestSwitch } from "./DigestSwitch";

export type { AlertView, MyReportView, SafetyNetData, SafetyNetResult } from "./safety-net-views";

export function SafetyNetPage({ page, result }: { page: SafetyNetData; result: SafetyNetResult | undefined }) {
  const busy = useNavigation().state !== "idle";
  const notice =
    result && result.intent !== "check" ? (
      <Alert tone={result.ok ? "success" : "error"} reveal={result} data-testid="safety-notice">
        {result.ok ? ("message" in result ? result.message : "") : result.error}
      </Alert>
    ) : null;
  return (
    <div className="space-y-6">
      <p>
        <Link to="/dashboard" className="inline-flex min-h-11 items-center text-accent underline underline-offset-2">
          Back to the dashboard
        </Link>
      </p>
      {page.access === "full" ? (
        <Link to="/dashboard/safety-net/report" className={buttonClass({ block: true })}>
          Report an incident
        </Link>
      ) : (
        <Alert tone="warning" data-testid="safety-no-access">
          {NO_ACCESS[page.access]}
        </Alert>
      )}
      {notice}

      {page.access === "full" ? (
        <>
          <NumberCheck checksLeft={page.checksLeft} result={result} busy={busy} />
          <RegionAlerts regions={page.regions} alerts={page.alerts} />
        </>
      ) : null}
      <MyReports reports={page.reports} result={result} busy={busy} />
      {page.access === "full" || page.digest ? <DigestSwitch digest={page.digest} busy={busy} /> : null}
    </div>
  );
}

/** Why the alerts, the check and new reports are not shown; the account's own reports always are. */
const NO_ACCESS = {
  none: "Alerts, the number check and new reports are for providers with an ID-verified listing that is not switched off and not on a break. Your own reports stay here: you can answer questions about them and withdraw them.",
  suspended:
    "Our administrators have suspended this account from alerts, the number check and new reports. Your own reports stay here: you can answer questions about them and withdraw them. To ask why, use the contact page.",
} as const;
