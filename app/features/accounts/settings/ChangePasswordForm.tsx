// Change password on /managesub: the current password (or a fresh second factor), the new one twice. The
// same schema runs here before sending and on the server; the policy (common or breached passwords) and
// the current password are the server's answers, shown beside their fields.
import { getInputProps } from "@conform-to/react";
import { Button } from "~/ui/Button";
import { Field } from "~/ui/Field";
import { changePasswordSchema, FIELD } from "./account-settings";
import { PASSWORD_MAX, PASSWORD_MIN } from "~/features/accounts/auth-schemas";
import { useSchemaForm } from "~/ui/useSchemaForm";
import { ChangeFormFrame } from "./ChangeFormFrame";
import type { ChangeFormProps } from "./ChangeFormFrame";
import { CurrentPasswordField } from "~/features/accounts/CurrentPasswordField";

export function ChangePasswordForm({ lastResult, freshSecondFactor, busy }: ChangeFormProps) {
  const [form, fields] = useSchemaForm("change-password", changePasswordSchema, lastResult, {
    shouldValidate: "onSubmit",
  });
  return (
    <ChangeFormFrame
      titleId="password-title"
      title="Change password"
      intro="Every other device signed in to your account will be signed out."
      form={form}
      errorTestId="change-password-error"
      intent="changePassword"
    >
      <CurrentPasswordField
        id={fields[FIELD.currentPassword].id}
        errors={fields[FIELD.currentPassword].errors}
        freshSecondFactor={freshSecondFactor}
      />
      <Field
        label="New password"
        errors={fields[FIELD.newPassword].errors}
        errorTestId="new-password-error"
        description={`At least ${PASSWORD_MIN} characters.`}
        input={{
          ...getInputProps(fields[FIELD.newPassword], { type: "password", value: false }),
          autoComplete: "new-password",
          required: true,
          minLength: PASSWORD_MIN,
          maxLength: PASSWORD_MAX,
        }}
      />
      <Field
        label="Confirm new password"
        errors={fields[FIELD.confirmPassword].errors}
        errorTestId="confirm-password-error"
        input={{
          ...getInputProps(fields[FIELD.confirmPassword], { type: "password", value: false }),
          autoComplete: "new-password",
          required: true,
          maxLength: PASSWORD_MAX,
        }}
      />
      <Button type="submit" busy={busy}>
        Change password
      </Button>
    </ChangeFormFrame>
  );
}
