// The provider's Safety Net page: the number check, the alerts for their regions, their own reports and the
// digest switch. The data comes from pages.server.ts through the route (routes/dashboard_.safety-net.tsx).
// Each section lives beside it: NumberCheck, RegionAlerts, MyReports, DigestSwitch.
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
      <Link to="/dashboard/safety-net/report" className={buttonClass({ block: true })}>
        Report an incident
      </Link>
      {notice}

      <NumberCheck checksLeft={page.checksLeft} result={result} busy={busy} />
      <RegionAlerts regions={page.regions} alerts={page.alerts} />
      <MyReports reports={page.reports} result={result} busy={busy} />
      <DigestSwitch digest={page.digest} busy={busy} />
    </div>
  );
}
