import { getFormProps, getTextareaProps, useForm } from "@conform-to/react";
import type { SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { Button } from "~/ui/Button";
import { Field } from "~/ui/Field";
import { parseReject } from "../reject-form";
import { REJECT_REASON_MAX } from "../verification";

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
    // On a phone the reason gets a row of its own, the full width, under Approve; beside it from sm up.
    <Form
      method="post"
      {...getFormProps(form)}
      className="flex w-full min-w-0 flex-wrap items-end gap-2 sm:w-auto sm:flex-1"
    >
      <input type="hidden" name="intent" value="reject" />
      <input type="hidden" name="requestId" value={requestId} />
      <Field
        variant="compact"
        className="w-full min-w-0 sm:w-auto sm:flex-1"
        label="Reason for rejecting (the provider sees this)"
        errors={fields.reason.errors}
        textarea={{ ...getTextareaProps(fields.reason), required: true, maxLength: REJECT_REASON_MAX, rows: 3 }}
      />
      <Button type="submit" variant="danger" disabled={busy} aria-label={`Reject ${who}`}>
        Reject
      </Button>
    </Form>
  );
}
