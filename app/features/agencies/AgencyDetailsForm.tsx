// The agency's own details on its dashboard (docs/decisions/0058-worker-consent-and-agency-checks.md): name,
// regions, description, contact line, opening hours, and the operator certificate or why none is needed.
// The certificate is private: the owner and administrators see it. A plain form post; errors beside fields.
import { Form, Link } from "@remix-run/react";
import { useState } from "react";
import { REGIONS } from "~/core/regions";
import { Field } from "~/ui/Field";
import { agencyPath } from "./agency";
import type { AgencyValues } from "./agency";

type Errors = Partial<Record<keyof AgencyValues, string>>;

const BUTTON = "inline-flex min-h-11 items-center justify-center rounded-lg bg-accent px-4 font-semibold text-ink";

export function AgencyDetailsForm({
  values,
  errors,
  status,
  saved,
}: {
  values: AgencyValues;
  errors: Errors | null;
  /** Where the check stands: the words under the heading. */
  status: { mayPublish: boolean; suspended: boolean; filledIn: boolean; slug: string | null };
  saved: boolean;
}) {
  const [mode, setMode] = useState(values.certificateMode);
  const e = errors ?? {};
  const err = (k: keyof AgencyValues) => (e[k] ? [e[k]!] : null);
  return (
    <details
      className="rounded-2xl border border-line bg-panel p-4"
      open={!status.mayPublish || Boolean(errors) || saved}
      data-testid="agency-details"
    >
      <summary className="min-h-11 cursor-pointer content-center text-lg font-semibold">Your agency</summary>
      <p className="mt-1 text-sm" data-testid="agency-status">
        {status.suspended
          ? "Your agency is suspended: its listings are hidden. Contact us."
          : status.mayPublish
            ? "Checked: your listings go live once each is approved and its worker has agreed."
            : status.filledIn
              ? "Waiting for our check of your certificate. Until then you can prepare listings, but none is published."
              : "Fill in your agency's details and its operator certificate. Until we have checked them you can prepare listings, but none is published."}
      </p>
      {status.mayPublish && status.slug ? (
        <p className="mt-1 text-sm">
          Your agency&apos;s page, with the workers who agreed to be shown on it:{" "}
          <Link to={agencyPath(status.slug)} className="font-semibold text-accent underline underline-offset-2">
            {agencyPath(status.slug)}
          </Link>
        </p>
      ) : null}
      {saved ? (
        <p className="mt-1 text-sm text-emerald-300" role="status" data-testid="agency-saved">
          Saved.
        </p>
      ) : null}
      <Form method="post" className="mt-3 space-y-3">
        <input type="hidden" name="intent" value="agency" />
        <Field
          label="Agency name"
          errors={err("name")}
          input={{ id: "agency-name", name: "name", defaultValue: values.name, maxLength: 80 }}
        />
        <fieldset className="space-y-1" aria-describedby={e.regions ? "agency-regions-error" : undefined}>
          <legend className="text-sm font-medium">Regions</legend>
          <div className="grid grid-cols-2 gap-x-3">
            {REGIONS.map((r) => (
              <label key={r} className="flex min-h-11 items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  name="regions"
                  value={r}
                  defaultChecked={values.regions.includes(r)}
                  className="h-5 w-5"
                />
                {r}
              </label>
            ))}
          </div>
          {e.regions ? (
            <p id="agency-regions-error" className="text-sm text-red-300" data-testid="agency-regions-error">
              {e.regions}
            </p>
          ) : null}
        </fieldset>
        <Field
          label="Short description"
          errors={err("description")}
          textarea={{
            id: "agency-description",
            name: "description",
            defaultValue: values.description,
            rows: 3,
            maxLength: 500,
          }}
        />
        <Field
          label="Contact line"
          description="For example: Bookings by text, 10 am to 2 am."
          errors={err("contactLine")}
          input={{ id: "agency-contact", name: "contactLine", defaultValue: values.contactLine, maxLength: 120 }}
        />
        <Field
          label="Opening hours"
          errors={err("openingHours")}
          input={{ id: "agency-hours", name: "openingHours", defaultValue: values.openingHours, maxLength: 200 }}
        />
        <fieldset className="space-y-2 rounded-lg border border-line p-3">
          <legend className="px-1 text-sm font-medium">
            Operator certificate (private: only you and our team see it)
          </legend>
          <label className="flex min-h-11 items-center gap-2 text-sm">
            <input
              type="radio"
              name="certificateMode"
              value="certificate"
              checked={mode === "certificate"}
              onChange={() => setMode("certificate")}
              className="h-5 w-5"
            />
            The operator holds a certificate
          </label>
          <label className="flex min-h-11 items-center gap-2 text-sm">
            <input
              type="radio"
              name="certificateMode"
              value="none"
              checked={mode === "none"}
              onChange={() => setMode("none")}
              className="h-5 w-5"
            />
            None is needed (for example a small owner-operated brothel)
          </label>
          {e.certificateMode ? (
            <p className="text-sm text-red-300" data-testid="agency-mode-error">
              {e.certificateMode}
            </p>
          ) : null}
          {mode !== "none" ? (
            <>
              <Field
                label="Certificate number"
                errors={err("certificateNumber")}
                errorTestId="agency-number-error"
                input={{
                  id: "agency-cert",
                  name: "certificateNumber",
                  defaultValue: values.certificateNumber,
                  maxLength: 40,
                }}
              />
              <Field
                label="Expiry date"
                errors={err("certificateExpires")}
                errorTestId="agency-expiry-error"
                input={{
                  id: "agency-expires",
                  name: "certificateExpires",
                  type: "date",
                  defaultValue: values.certificateExpires,
                }}
              />
            </>
          ) : (
            <Field
              label="Why none is needed"
              errors={err("noCertificateReason")}
              errorTestId="agency-reason-error"
              textarea={{
                id: "agency-reason",
                name: "noCertificateReason",
                defaultValue: values.noCertificateReason,
                rows: 3,
                maxLength: 500,
              }}
            />
          )}
          <p className="text-xs text-muted">
            A change to the certificate is checked again before your listings carry on.
          </p>
        </fieldset>
        <button type="submit" className={BUTTON} data-testid="agency-save">
          Save agency details
        </button>
      </Form>
    </details>
  );
}
