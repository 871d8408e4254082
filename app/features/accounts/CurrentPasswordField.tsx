import { Field } from "~/ui/Field";
import { FIELD } from "~/features/accounts/settings/account-settings";
import { PASSWORD_MAX } from "~/features/accounts/auth-schemas";

/**
 * The current password that a sensitive change asks for again. A second factor proved in this session in
 * the last minutes stands in for it (the server decides; this only says so and drops `required`).
 */
export function CurrentPasswordField({
  id,
  errors,
  freshSecondFactor,
}: {
  id: string;
  errors?: readonly string[] | null;
  freshSecondFactor: boolean;
}) {
  return (
    <Field
      label="Current password"
      errors={errors}
      errorTestId="current-password-error"
      description={
        freshSecondFactor
          ? "You can leave this empty: you confirmed your second factor a few minutes ago."
          : "To confirm it is you."
      }
      input={{
        id,
        name: FIELD.currentPassword,
        type: "password",
        autoComplete: "current-password",
        required: !freshSecondFactor,
        maxLength: PASSWORD_MAX,
      }}
    />
  );
}
