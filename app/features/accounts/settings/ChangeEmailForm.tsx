// Change e-mail on /managesub: the new address and the current password (or a fresh second factor). The
// change waits for the link sent to the new address; the page only says a link was sent, whatever the
// address, so it never tells whether another account uses it.
import { getFormProps, getInputProps, type SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { Alert } from "~/ui/Alert";
import { Button } from "~/ui/Button";
import { Field } from "~/ui/Field";
import { SettingsSection } from "~/ui/SettingsSection";
import { changeEmailSchema, FIELD } from "./account-settings";
import { EMAIL_MAX } from "~/features/accounts/auth-schemas";
import { useSchemaForm } from "~/ui/useSchemaForm";
import { CurrentPasswordField } from "./CurrentPasswordField";

export function ChangeEmailForm({
  lastResult,
  freshSecondFactor,
  busy,
}: {
  lastResult?: SubmissionResult<string[]>;
  freshSecondFactor: boolean;
  busy: boolean;
}) {
  const [form, fields] = useSchemaForm("change-email", changeEmailSchema, lastResult, { shouldValidate: "onSubmit" });
  return (
    <SettingsSection
      id="email-title"
      title="Change e-mail address"
      intro="We send a link to the new address; your address changes when you open it, and the old one is told."
    >
      <Alert tone="error" id={form.errorId} data-testid="change-email-error">
        {form.errors?.[0]}
      </Alert>
      <Form method="post" {...getFormProps(form)} className="max-w-md space-y-4" aria-label="Change e-mail address">
        <input type="hidden" name="intent" value="changeEmail" />
        <Field
          label="New e-mail address"
          errors={fields[FIELD.newEmail].errors}
          errorTestId="new-email-error"
          input={{
            ...getInputProps(fields[FIELD.newEmail], { type: "email" }),
            autoComplete: "email",
            inputMode: "email",
            required: true,
            maxLength: EMAIL_MAX,
          }}
        />
        <CurrentPasswordField
          id={fields[FIELD.currentPassword].id}
          errors={fields[FIELD.currentPassword].errors}
          freshSecondFactor={freshSecondFactor}
        />
        <Button type="submit" busy={busy}>
          Send confirmation link
        </Button>
      </Form>
    </SettingsSection>
  );
}
