// The fields of a published alert, shared by the forms that publish a report and correct an alert.
import { Field } from "~/ui/Field";
import { CategoryOptions, RegionOptions } from "./SelectOptions";

export function AlertFields({
  idPrefix,
  region,
  month,
  category,
  text,
  errors,
}: {
  idPrefix: string;
  region: string;
  month: string;
  category: string;
  text: string;
  errors: Record<string, string>;
}) {
  const e = (name: string) => (errors[name] ? [errors[name]] : null);
  return (
    <>
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
    </>
  );
}
