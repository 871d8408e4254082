// The provider's Safety Net page: the number check, the alerts for their regions, their own reports and the
// digest switch. The data comes from pages.server.ts through the route (routes/dashboard_.safety-net.tsx).
import { Form, Link, useNavigation } from "@remix-run/react";
import { Alert } from "~/ui/Alert";
import { Button, buttonClass } from "~/ui/Button";
import { Field } from "~/ui/Field";
import { NzpcLink } from "./NzpcLink";

export type AlertView = { id: string; region: string; categoryLabel: string; monthLabel: string; text: string };
export type MyReportView = {
  id: string;
  incidentDate: string;
  region: string;
  categoryLabel: string;
  description: string;
  status: "pending" | "question" | "published" | "declined";
  question: string;
  answer: string;
  declineReason: string;
  alertText: string;
  nzpcText: string;
  nzpcMailto: string;
};
export type SafetyNetData = {
  regions: string[];
  alerts: AlertView[];
  reports: MyReportView[];
  checksLeft: number;
  digest: boolean;
};
export type SafetyNetResult =
  | { ok: false; error: string; fieldErrors: Record<string, string>; intent: string }
  | { ok: true; intent: "check"; matches: { categoryLabel: string; monthLabel: string }[]; left: number }
  | { ok: true; intent: string; message: string };

const SECTION = "space-y-3 rounded-2xl border border-line bg-panel p-4 sm:p-5";
const STATUS: Record<MyReportView["status"], string> = {
  pending: "Waiting for an administrator",
  question: "An administrator has a question",
  published: "Published as an alert",
  declined: "Declined",
};

function CheckResult({ result }: { result: SafetyNetResult | undefined }) {
  if (!result || result.intent !== "check") return null;
  if (!result.ok)
    return (
      <Alert tone="error" reveal={result} data-testid="check-error">
        {result.error}
      </Alert>
    );
  if (!("matches" in result)) return null;
  return (
    <Alert tone={result.matches.length === 0 ? "success" : "warning"} reveal={result} data-testid="check-result">
      {result.matches.length === 0 ? (
        <p className="font-semibold">No reports</p>
      ) : (
        <>
          <p className="font-semibold">
            {result.matches.length === 1 ? "1 published alert" : `${result.matches.length} published alerts`}
          </p>
          <ul className="mt-1 list-disc pl-5">
            {result.matches.map((m, i) => (
              <li key={i}>
                {m.categoryLabel}, {m.monthLabel}
              </li>
            ))}
          </ul>
        </>
      )}
      <p className="mt-1 text-sm">{result.left} checks left today.</p>
    </Alert>
  );
}

export function SafetyNetPage({ page, result }: { page: SafetyNetData; result: SafetyNetResult | undefined }) {
  const busy = useNavigation().state !== "idle";
  const checkError = result && !result.ok && result.intent === "check" ? result.fieldErrors.query : undefined;
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

      <section aria-labelledby="check-heading" className={SECTION}>
        <h2 id="check-heading" className="text-xl font-semibold">
          Check a number
        </h2>
        <p className="text-sm text-zinc-300">
          Before a booking, check a caller&apos;s phone number or e-mail address. You see how many published alerts it
          is on, with their categories and months, never who reported it. {page.checksLeft} of 30 checks left today.
        </p>
        <Form method="post" className="space-y-3" noValidate>
          <input type="hidden" name="intent" value="check" />
          <Field
            label="Phone number or e-mail address"
            errors={checkError ? [checkError] : null}
            input={{
              id: "query",
              name: "query",
              type: "text",
              inputMode: "text",
              autoComplete: "off",
              required: true,
              maxLength: 254,
            }}
          />
          <Button type="submit" disabled={busy} block>
            Check
          </Button>
        </Form>
        <CheckResult result={result} />
      </section>

      <section aria-labelledby="alerts-heading" className={SECTION}>
        <h2 id="alerts-heading" className="text-xl font-semibold">
          Alerts for {page.regions.join(", ") || "your regions"}
        </h2>
        <p className="text-sm text-zinc-300">
          For your listing&apos;s region and any region you are touring, newest first. Alerts expire after 12 months.
        </p>
        {page.alerts.length === 0 ? (
          <p className="text-muted">No alerts for your regions.</p>
        ) : (
          <ul className="space-y-3" aria-label="Alerts">
            {page.alerts.map((a) => (
              <li key={a.id} className="rounded-lg border border-line bg-ink p-3" data-testid="safety-alert">
                <p className="font-semibold">{a.categoryLabel}</p>
                <p className="text-sm text-zinc-300">
                  {a.region}, {a.monthLabel}
                </p>
                <p className="mt-1 whitespace-pre-wrap break-words">{a.text}</p>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="mine-heading" className={SECTION}>
        <h2 id="mine-heading" className="text-xl font-semibold">
          Your reports
        </h2>
        {page.reports.length === 0 ? (
          <p className="text-muted">You have not sent a report.</p>
        ) : (
          <ul className="space-y-4" aria-label="Your reports">
            {page.reports.map((r) => (
              <li key={r.id} className="space-y-2 rounded-lg border border-line bg-ink p-3" data-testid="my-report">
                <p className="font-semibold">
                  {r.categoryLabel}, {r.region}, {r.incidentDate}
                </p>
                <p className="text-sm text-accent" data-testid="my-report-status">
                  {STATUS[r.status]}
                </p>
                <p className="whitespace-pre-wrap break-words text-sm text-zinc-200">{r.description}</p>
                {r.status === "published" ? <p className="text-sm text-zinc-300">Alert: {r.alertText}</p> : null}
                {r.status === "declined" ? <p className="text-sm text-zinc-300">Reason: {r.declineReason}</p> : null}
                {r.status === "question" ? (
                  <Form method="post" className="space-y-2">
                    <input type="hidden" name="intent" value="answer" />
                    <input type="hidden" name="reportId" value={r.id} />
                    <p className="text-sm">Question: {r.question}</p>
                    <Field
                      label="Your answer"
                      errors={
                        result && !result.ok && result.intent === "answer" && result.fieldErrors.answer
                          ? [result.fieldErrors.answer]
                          : null
                      }
                      textarea={{ id: `answer-${r.id}`, name: "answer", rows: 3, maxLength: 2000, required: true }}
                    />
                    <Button type="submit" disabled={busy}>
                      Send the answer
                    </Button>
                  </Form>
                ) : r.answer ? (
                  <p className="text-sm text-zinc-300">Your answer: {r.answer}</p>
                ) : null}
                <NzpcLink id={r.id} text={r.nzpcText} mailto={r.nzpcMailto} />
                {/* Withdrawing deletes at once and cannot be undone: a second, deliberate press. */}
                <details className="rounded-lg border border-line p-3">
                  <summary className="min-h-11 cursor-pointer content-center font-semibold">
                    Withdraw this report
                  </summary>
                  <Form method="post" className="mt-2 space-y-2">
                    <input type="hidden" name="intent" value="withdraw" />
                    <input type="hidden" name="reportId" value={r.id} />
                    <p className="text-sm text-zinc-300">
                      It is deleted at once, with any alert made from it. This cannot be undone.
                    </p>
                    <Button type="submit" variant="danger" disabled={busy}>
                      Withdraw and delete it
                    </Button>
                  </Form>
                </details>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="digest-heading" className={SECTION}>
        <h2 id="digest-heading" className="text-xl font-semibold">
          E-mail
        </h2>
        <p className="text-sm text-zinc-300">
          {page.digest
            ? "You get an e-mail, at most once a day, when there is a new alert for your regions. Its subject says only that there is something new on your dashboard."
            : "Get an e-mail, at most once a day, when there is a new alert for your regions. It says nothing about the alert, only that there is something new on your dashboard."}
        </p>
        <Form method="post">
          <input type="hidden" name="intent" value="digest" />
          <input type="hidden" name="value" value={page.digest ? "off" : "on"} />
          <Button type="submit" variant="secondary" disabled={busy}>
            {page.digest ? "Stop the e-mails" : "E-mail me about new alerts"}
          </Button>
        </Form>
      </section>
    </div>
  );
}
