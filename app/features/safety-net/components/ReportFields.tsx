// The report form's fields: the incident, and the client's numbers and addresses (kept only as hashes,
// docs/decisions/0023-safety-net.md). No name: nothing is ever looked up by one (decision 0043).
import { Field } from "~/ui/Field";
import { CategoryOptions, RegionOptions } from "./SelectOptions";

type Errors = (name: string) => string[] | null;

export function IncidentFields({ regions, today, errs }: { regions: string[]; today: string; errs: Errors }) {
  return (
    <>
      <Field
        label="Date it happened"
        errors={errs("incidentDate")}
        input={{ id: "incidentDate", name: "incidentDate", type: "date", max: today, required: true }}
      />
      <Field
        label="Region"
        errors={errs("region")}
        select={{ id: "region", name: "region", required: true, defaultValue: regions[0] ?? "" }}
      >
        <option value="">Choose a region</option>
        <RegionOptions />
      </Field>
      <Field
        label="What happened"
        errors={errs("category")}
        select={{ id: "category", name: "category", required: true, defaultValue: "" }}
      >
        <option value="">Choose one</option>
        <CategoryOptions />
      </Field>
      <Field
        label="Tell us what happened"
        description="Only the administrators and you can read this. They write the alert other providers see, without anything that could identify you."
        errors={errs("description")}
        textarea={{ id: "description", name: "description", rows: 6, maxLength: 4000, required: true }}
      />
    </>
  );
}

export function IdentifierFields({ errs }: { errs: Errors }) {
  return (
    <fieldset className="space-y-3 rounded-lg border border-line p-3">
      <legend className="px-1 font-semibold">What you know about them (optional)</legend>
      <p className="text-sm text-muted">
        Kept only in a scrambled form that cannot be read back, so other providers can check a number against it.
      </p>
      <Field
        label="Phone numbers"
        description="One per line, written any usual way, e.g. 021 123 4567 or +64 21 123 4567."
        errors={errs("phones")}
        textarea={{ id: "phones", name: "phones", rows: 2, maxLength: 300, autoComplete: "off" }}
      />
      <Field
        label="E-mail addresses"
        description="One per line."
        errors={errs("emails")}
        textarea={{ id: "emails", name: "emails", rows: 2, maxLength: 1300, autoComplete: "off" }}
      />
    </fieldset>
  );
}
