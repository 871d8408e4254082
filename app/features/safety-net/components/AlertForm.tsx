// The form that writes a published alert, shared by publishing a report and correcting an alert: the same
// fields, the same ids (intent and report), the same submit button.
import { Button } from "~/ui/Button";
import { Field } from "~/ui/Field";
import { CategoryOptions, RegionOptions } from "./SelectOptions";
import { ReportIntentForm } from "./ReportIntentForm";
import type { CardProps } from "./moderation-views";

type AlertValues = { region: string; month: string; category: string; text: string };

export function AlertForm({
  intent,
  reportId,
  alert: { region, month, category, text },
  busy,
  errorsFor,
  className,
  submit,
}: {
  intent: "publish" | "correct";
  reportId: string;
  alert: AlertValues;
  className: string;
  submit: string;
} & CardProps) {
  const errors = errorsFor(reportId, intent);
  const e = (name: string) => (errors[name] ? [errors[name]] : null);
  const idPrefix = `${intent}-${reportId}`;
  return (
    <ReportIntentForm intent={intent} reportId={reportId} className={className}>
      <Field
        variant="compact"
        label="Alert region"
        errors={e("alertRegion")}
        select={{ id: `${idPrefix}-region`, name: "alertRegion", defaultValue: region }}
      >
        <RegionOptions />
      </Field>
      <Field
        variant="compact"
        label="Alert month"
        description="Year and month, e.g. 2026-11."
        errors={e("alertMonth")}
        input={{
          id: `${idPrefix}-month`,
          name: "alertMonth",
          type: "text",
          defaultValue: month,
          pattern: "\\d{4}-\\d{2}",
        }}
      />
      <Field
        variant="compact"
        label="Alert category"
        errors={e("alertCategory")}
        select={{ id: `${idPrefix}-category`, name: "alertCategory", defaultValue: category }}
      >
        <CategoryOptions />
      </Field>
      <Field
        variant="compact"
        label="Alert text"
        description="Short, and nothing that could identify the reporter (no dates to the day, no places they work)."
        errors={e("alertText")}
        textarea={{ id: `${idPrefix}-text`, name: "alertText", rows: 4, maxLength: 600, defaultValue: text }}
      />
      <Button type="submit" disabled={busy}>
        {submit}
      </Button>
    </ReportIntentForm>
  );
}
