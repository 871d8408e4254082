// The frame of a /managesub change form (e-mail address, password): the titled panel, the form's own
// message above it, and the plain POST with the intent the page's action reads.
import { getFormProps } from "@conform-to/react";
import type { FormMetadata, SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import type { ReactNode } from "react";
import { Alert } from "~/ui/Alert";
import { SettingsSection } from "~/ui/SettingsSection";

/** What the page hands each change form: the action's last answer, whether the password may be skipped. */
export type ChangeFormProps = { lastResult?: SubmissionResult<string[]>; freshSecondFactor: boolean; busy: boolean };

export function ChangeFormFrame<Schema extends Record<string, unknown>>({
  titleId,
  title,
  intro,
  form,
  errorTestId,
  intent,
  children,
}: {
  titleId: string;
  /** The panel's heading, and the form's name. */
  title: string;
  intro: string;
  form: FormMetadata<Schema, string[]>;
  errorTestId: string;
  intent: string;
  children: ReactNode;
}) {
  return (
    <SettingsSection id={titleId} title={title} intro={intro}>
      <Alert tone="error" id={form.errorId} data-testid={errorTestId}>
        {form.errors?.[0]}
      </Alert>
      <Form method="post" {...getFormProps(form)} className="max-w-md space-y-4" aria-label={title}>
        <input type="hidden" name="intent" value={intent} />
        {children}
      </Form>
    </SettingsSection>
  );
}
