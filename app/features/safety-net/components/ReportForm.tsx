// The report form (dashboard → Safety Net → Report an incident). After it is sent, the NZPC text is made
// in the browser from what was typed: the server never sends the identifiers back, it keeps only their
// hashes (docs/decisions/0023-safety-net.md).
import { Form, useNavigation } from "@remix-run/react";
import { useState } from "react";
import { REGIONS } from "~/features/catalogue/regions";
import { Alert } from "~/ui/Alert";
import { Button } from "~/ui/Button";
import { Field } from "~/ui/Field";
import { SAFETY_CATEGORIES } from "../categories";
import { nzpcMailto, nzpcText, type NzpcReport } from "../nzpc";
import { NzpcLink } from "./NzpcLink";

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
  if (result?.ok) {
    return (
      <div className="space-y-4">
        <Alert tone="success" reveal={result} data-testid="report-sent">
          <p className="font-semibold">Thank you. Your report is with the administrators.</p>
          <p className="mt-1 text-sm">
            They aim to decide within 48 hours. You can follow it, answer their questions or withdraw it on the Safety
            Net page.
          </p>
        </Alert>
        {typed ? <NzpcLink id="sent" text={nzpcText(typed)} mailto={nzpcMailto(typed)} /> : null}
      </div>
    );
  }
  return (
    <Form
      method="post"
      className="space-y-4"
      noValidate
      onSubmit={(e) => {
        const f = new FormData(e.currentTarget);
        const v = (k: string) => String(f.get(k) ?? "");
        setTyped({
          incidentDate: v("incidentDate"),
          region: v("region"),
          category: v("category"),
          description: v("description"),
          phones: v("phones"),
          emails: v("emails"),
          name: v("name"),
        });
      }}
    >
      {result && !result.ok ? (
        <Alert tone="error" reveal={result} data-testid="report-error">
          {result.error}
        </Alert>
      ) : null}
      <Field
        label="Date it happened"
        errors={errs(result, "incidentDate")}
        input={{ id: "incidentDate", name: "incidentDate", type: "date", max: today, required: true }}
      />
      <Field
        label="Region"
        errors={errs(result, "region")}
        select={{ id: "region", name: "region", required: true, defaultValue: regions[0] ?? "" }}
      >
        <option value="">Choose a region</option>
        {REGIONS.map((r) => (
          <option key={r} value={r}>
            {r}
          </option>
        ))}
      </Field>
      <Field
        label="What happened"
        errors={errs(result, "category")}
        select={{ id: "category", name: "category", required: true, defaultValue: "" }}
      >
        <option value="">Choose one</option>
        {SAFETY_CATEGORIES.map((c) => (
          <option key={c.id} value={c.id}>
            {c.label}
          </option>
        ))}
      </Field>
      <Field
        label="Tell us what happened"
        description="Only the administrators and you can read this. They write the alert other providers see, without anything that could identify you."
        errors={errs(result, "description")}
        textarea={{ id: "description", name: "description", rows: 6, maxLength: 4000, required: true }}
      />
      <fieldset className="space-y-3 rounded-lg border border-line p-3">
        <legend className="px-1 font-semibold">What you know about them (optional)</legend>
        <p className="text-sm text-muted">
          Kept only in a scrambled form that cannot be read back, so other providers can check a number against it.
        </p>
        <Field
          label="Phone numbers"
          description="One per line, written any usual way, e.g. 021 123 4567 or +64 21 123 4567."
          errors={errs(result, "phones")}
          textarea={{ id: "phones", name: "phones", rows: 2, maxLength: 300, autoComplete: "off" }}
        />
        <Field
          label="E-mail addresses"
          description="One per line."
          errors={errs(result, "emails")}
          textarea={{ id: "emails", name: "emails", rows: 2, maxLength: 1300, autoComplete: "off" }}
        />
        <Field
          label="A name they used"
          errors={errs(result, "name")}
          input={{ id: "name", name: "name", type: "text", maxLength: 80, autoComplete: "off" }}
        />
      </fieldset>
      <Button type="submit" disabled={busy} block>
        Send the report
      </Button>
    </Form>
  );
}
