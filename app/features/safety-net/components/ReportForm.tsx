// The report form (dashboard → Safety Net → Report an incident). After it is sent, the NZPC text is made
// in the browser from what was typed: the server never sends the identifiers back, it keeps only their
// hashes (docs/decisions/0023-safety-net.md).
import { Form, useNavigation } from "@remix-run/react";
import { useState } from "react";
import { Alert } from "~/ui/Alert";
import { Button } from "~/ui/Button";
import { nzpcMailto, nzpcText } from "../nzpc";
import type { NzpcReport } from "../nzpc";
import { NzpcLink } from "./NzpcLink";
import { IdentifierFields, IncidentFields } from "./ReportFields";

export type ReportResult =
  { ok: false; error: string; fieldErrors: Record<string, string> } | { ok: true; reportId: string };

const errs = (result: ReportResult | undefined, name: string) =>
  result && !result.ok && result.fieldErrors[name] ? [result.fieldErrors[name]] : null;

export function ReportForm({
  regions,
  today,
  result,
}: {
  regions: string[];
  today: string;
  result: ReportResult | undefined;
}) {
  const busy = useNavigation().state !== "idle";
  const [typed, setTyped] = useState<NzpcReport | null>(null);
  if (result?.ok) return <ReportSent result={result} typed={typed} />;
  const fieldErrors = (name: string) => errs(result, name);
  return (
    <Form
      method="post"
      className="space-y-4"
      noValidate
      onSubmit={(e) => setTyped(typedReport(new FormData(e.currentTarget)))}
    >
      {result && !result.ok ? (
        <Alert tone="error" reveal={result} data-testid="report-error">
          {result.error}
        </Alert>
      ) : null}
      <IncidentFields regions={regions} today={today} errs={fieldErrors} />
      <IdentifierFields errs={fieldErrors} />
      <Button type="submit" disabled={busy} block>
        Send the report
      </Button>
    </Form>
  );
}

/** What was typed, kept in the browser for the NZPC text: the server never sends identifiers back. */
function typedReport(f: FormData): NzpcReport {
  const v = (k: string) => String(f.get(k) ?? "");
  return {
    incidentDate: v("incidentDate"),
    region: v("region"),
    category: v("category"),
    description: v("description"),
    phones: v("phones"),
    emails: v("emails"),
  };
}

function ReportSent({ result, typed }: { result: ReportResult; typed: NzpcReport | null }) {
  return (
    <div className="space-y-4">
      <Alert tone="success" reveal={result} data-testid="report-sent">
        <p className="font-semibold">Thank you. Your report is with the administrators.</p>
        <p className="mt-1 text-sm">
          They aim to decide within 48 hours. You can follow it, answer their questions or withdraw it on the Safety Net
          page.
        </p>
      </Alert>
      {typed ? <NzpcLink id="sent" text={nzpcText(typed)} mailto={nzpcMailto(typed)} /> : null}
    </div>
  );
}
