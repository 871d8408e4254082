// What the /login page's forms share: each form's schema (run in the browser before sending and again by
// the action), Conform's form for one intent, the hidden fields every form sends, the e-mail and password
// fields (also the new-password form's, SetPasswordScreen.tsx).
import { getInputProps, useForm } from "@conform-to/react";
import type { SubmissionResult } from "@conform-to/react";
import type { ReactNode } from "react";
import { Field } from "~/ui/Field";
import { parseForm } from "~/ui/form-submission";
import {
  loginSchema,
  PASSWORD_MAX,
  PASSWORD_MIN,
  resetRequestSchema,
  signupSchema,
} from "~/features/accounts/auth-schemas";
import { recoveryStepSchema, totpStepSchema } from "~/features/accounts/second-factor/totp";
import { boxMessage } from "./AuthParts";

export type Intent = "login" | "signup" | "reset" | "totp" | "recovery";

/**
 * Each form's own schema from app/features/accounts/auth-schemas.ts, in the browser before sending and here again. The
 * schemas take the form's strings as they are ("" is "missing" to them), so Conform's coercion is off.
 */
export const PARSE = {
  login: (form: FormData) => parseForm(form, loginSchema),
  signup: (form: FormData) => parseForm(form, signupSchema),
  reset: (form: FormData) => parseForm(form, resetRequestSchema),
  totp: (form: FormData) => parseForm(form, totpStepSchema),
  recovery: (form: FormData) => parseForm(form, recoveryStepSchema),
};

export type FormProps = { lastResult?: SubmissionResult<string[]>; redirectTo: string | null; busy: boolean };

/**
 * Conform's form for one intent: the same schema runs before sending. Its one message shows in the red box, or,
 * with `perField` (the sign-up form, several fields to fill), each field's message beside it and only the
 * form's own (an answer about the whole sign-up) in the box.
 */
export function useAuthForm<I extends "login" | "signup" | "reset">(
  intent: I,
  lastResult: SubmissionResult<string[]> | undefined,
  { perField = false }: { perField?: boolean } = {},
) {
  const [form, fields] = useForm({
    id: `auth-${intent}`,
    lastResult,
    onValidate: ({ formData }) => PARSE[intent](formData),
  });
  const message = boxMessage(perField ? { form: form.errors } : form.allErrors);
  // Each field with a problem points at the box, which says what it is.
  const errorFor = (name: string) => (form.allErrors[name]?.length ? form.errorId : null);
  return { form, fields, message, errorFor };
}

export function Hidden({ intent, redirectTo }: { intent: Intent; redirectTo: string | null }) {
  return (
    <>
      <input type="hidden" name="intent" value={intent} />
      {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
    </>
  );
}

const emailInput = { autoComplete: "email", inputMode: "email", required: true, maxLength: 254 } as const;

type ConformField = Parameters<typeof getInputProps>[0];

/**
 * The e-mail field; `invalid` is the id of the box that says what is wrong with it, if anything is, or `errors`
 * its own messages, shown under it.
 */
export function EmailField({
  field,
  invalid,
  errors,
}: {
  field: ConformField;
  invalid: string | null;
  errors?: readonly string[];
}) {
  return (
    <Field
      variant="compact"
      label="Email"
      errorElsewhere={invalid}
      errors={errors}
      input={{ ...getInputProps(field, { type: "email" }), ...emailInput }}
    />
  );
}

/**
 * A password field: the one the account has ("current"), a new one ("new": the browser may offer to make one,
 * and checks the lengths the schema checks), or the new one typed again ("repeat").
 */
export function PasswordField({
  field,
  label,
  kind,
  description,
  invalid,
  errors,
}: {
  field: ConformField;
  label: string;
  kind: "current" | "new" | "repeat";
  description?: ReactNode;
  invalid: string | null;
  /** Its own messages, shown under it (instead of `invalid`'s box). */
  errors?: readonly string[];
}) {
  return (
    <Field
      variant="compact"
      label={label}
      description={description}
      errorElsewhere={invalid}
      errors={errors}
      input={{
        ...getInputProps(field, { type: "password", value: false }),
        autoComplete: kind === "current" ? "current-password" : "new-password",
        required: true,
        minLength: kind === "new" ? PASSWORD_MIN : undefined,
        maxLength: PASSWORD_MAX,
      }}
    />
  );
}
