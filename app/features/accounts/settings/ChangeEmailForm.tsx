// Change e-mail on /managesub: the new address and the current password (or a fresh second factor). The
// change waits for the link sent to the new address; the page only says a link was sent, whatever the
// address, so it never tells whether another account uses it.
import { getInputProps } from "@conform-to/react";
import { Button } from "~/ui/Button";
import { Field } from "~/ui/Field";
import { changeEmailSchema, FIELD } from "./account-settings";
import { EMAIL_MAX } from "~/features/accounts/auth-schemas";
import { useSchemaForm } from "~/ui/useSchemaForm";
import { ChangeFormFrame } from "./ChangeFormFrame";
import type { ChangeFormProps } from "./ChangeFormFrame";
import { CurrentPasswordField } from "~/features/accounts/CurrentPasswordField";

export function ChangeEmailForm({ lastResult, freshSecondFactor, busy }: ChangeFormProps) {
  const [form, fields] = useSchemaForm("change-email", changeEmailSchema, lastResult, { shouldValidate: "onSubmit" });
  return (
    <ChangeFormFrame
      titleId="email-title"
      title="Change e-mail address"
      intro="We send a link to the new address; your address changes when you open it, and the old one is told."
      form={form}
      errorTestId="change-email-error"
      intent="changeEmail"
    >
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
    </ChangeFormFrame>
  );
}
