import { getFormProps, getTextareaProps, useForm } from "@conform-to/react";
import type { SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { z } from "zod";
import { Button } from "~/ui/Button";
import { Field } from "~/ui/Field";
import { parseForm } from "~/ui/form-submission";
import { parseRejectReason, REJECT_REASON_MAX } from "../verification";

/** The reject form's one field, judged by the rule the server applies when it decides (parseRejectReason). */
const rejectSchema = z.object({
  reason: z.unknown().superRefine((value, ctx) => {
    const parsed = parseRejectReason(value);
    if (!parsed.ok) ctx.addIssue({ code: "custom", message: parsed.error });
  }),
});

export const parseReject = (form: FormData) => parseForm(form, rejectSchema);

/** Reject with a reason: checked in the browser by the server's rule before it is sent, and again on arrival. */
export function RejectForm({
  requestId,
  who,
  busy,
  lastResult,
}: {
  requestId: string;
  who: string;
  busy: boolean;
  lastResult?: SubmissionResult<string[]>;
}) {
  const [form, fields] = useForm({
    id: `reject-${requestId}`,
    lastResult,
    onValidate: ({ formData }) => parseReject(formData),
    // Before JavaScript runs, the browser's own check (required) still stops an empty reason.
    defaultNoValidate: false,
  });
  return (
    <Form method="post" {...getFormProps(form)} className="flex min-w-0 flex-1 flex-wrap items-end gap-2">
      <input type="hidden" name="intent" value="reject" />
      <input type="hidden" name="requestId" value={requestId} />
      <Field
        variant="compact"
        className="min-w-0 flex-1"
        label="Reason for rejecting (the provider sees this)"
        errors={fields.reason.errors}
        textarea={{ ...getTextareaProps(fields.reason), required: true, maxLength: REJECT_REASON_MAX, rows: 2 }}
      />
      <Button type="submit" variant="danger" disabled={busy} aria-label={`Reject ${who}`}>
        Reject
      </Button>
    </Form>
  );
}
