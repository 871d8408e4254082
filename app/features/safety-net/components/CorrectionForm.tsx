// The reported person's side (contact page → Safety Net correction). The answer is the same whatever the
// list holds, so the form tells nobody whether a number is on it.
import { Form, useNavigation } from "@remix-run/react";
import { Alert } from "~/ui/Alert";
import { Button } from "~/ui/Button";
import { Field } from "~/ui/Field";

export type CorrectionResult = { ok: false; error: string; fieldErrors: Record<string, string> } | { ok: true };

export function CorrectionForm({ result }: { result: CorrectionResult | undefined }) {
  const busy = useNavigation().state !== "idle";
  const e = (name: string) => (result && !result.ok && result.fieldErrors[name] ? [result.fieldErrors[name]] : null);
  if (result?.ok)
    return (
      <Alert tone="success" reveal={result} data-testid="correction-sent">
        <p className="font-semibold">Thank you. We have your request.</p>
        <p className="mt-1">
          An administrator will look at it and reply within 48 hours. If an alert is wrong we correct it or remove it.
        </p>
      </Alert>
    );
  return (
    <Form method="post" className="space-y-4" noValidate>
      {result && !result.ok ? (
        <Alert tone="error" reveal={result} data-testid="correction-error">
          {result.error}
        </Alert>
      ) : null}
      <Field
        label="Your e-mail address or phone number"
        description="Only so that we can reply to you."
        errors={e("contact")}
        input={{ id: "contact", name: "contact", type: "text", autoComplete: "email", required: true, maxLength: 254 }}
      />
      <Field
        label="The phone number or e-mail address you think an alert is about (optional)"
        description="We use it only to find the alert, and do not keep it."
        errors={e("identifier")}
        input={{ id: "identifier", name: "identifier", type: "text", autoComplete: "off", maxLength: 254 }}
      />
      <Field
        label="What is wrong"
        errors={e("message")}
        textarea={{ id: "message", name: "message", rows: 6, maxLength: 2000, required: true }}
      />
      <Button type="submit" disabled={busy} block>
        Send the request
      </Button>
    </Form>
  );
}
