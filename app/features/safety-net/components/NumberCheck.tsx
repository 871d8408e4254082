// The number check: a caller's phone number or e-mail address against the published alerts.
import { Form } from "@remix-run/react";
import { Alert } from "~/ui/Alert";
import { Button } from "~/ui/Button";
import { Field } from "~/ui/Field";
import { CheckMatches } from "../CheckMatches";
import { SECTION } from "./safety-net-views";
import type { SafetyNetResult } from "./safety-net-views";

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
      <CheckMatches matches={result.matches} />
      <p className="mt-1 text-sm">{result.left} checks left today.</p>
    </Alert>
  );
}

export function NumberCheck({
  checksLeft,
  result,
  busy,
}: {
  checksLeft: number;
  result: SafetyNetResult | undefined;
  busy: boolean;
}) {
  const checkError = result && !result.ok && result.intent === "check" ? result.fieldErrors.query : undefined;
  return (
    <section aria-labelledby="check-heading" className={SECTION}>
      <h2 id="check-heading" className="text-xl font-semibold">
        Check a number
      </h2>
      <p className="text-sm text-zinc-300">
        Before a booking, check a caller&apos;s phone number or e-mail address. You see how many published alerts it is
        on, with their categories and months, never who reported it. {checksLeft} of 30 checks left today.
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
  );
}
