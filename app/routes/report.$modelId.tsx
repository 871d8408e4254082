// 'Report' on a public profile (the terms allow a Report button on every ad): a short form with a reason
// from a fixed list, optional details and optional contact details. Works without JavaScript, limited per
// client (WRITE_LIMITER), and a body far over the form's size is refused with 413 before it is read.
import { getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm } from "@conform-to/react";
import type { SubmissionResult } from "@conform-to/react";
import { parseForm } from "~/ui/form-submission";
import { data } from "@remix-run/cloudflare";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useState } from "react";
import { InfoPage } from "~/features/site/InfoPage";
import { Alert } from "~/ui/Alert";
import { Button, buttonClass } from "~/ui/Button";
import { Field } from "~/ui/Field";
import { formError } from "~/ui/submission";
import {
  REPORT_BODY_MAX_BYTES,
  REPORT_CONTACT_MAX,
  REPORT_DETAILS_MAX,
  REPORT_MSG,
  REPORT_REASONS,
  reportSchema,
} from "~/features/moderation/reports";
import { readBody, textFields } from "~/platform/http/body.server";
import { createReport, reportableListing, reportLimited } from "~/features/moderation/reports.server";
import { pipeHeaders } from "~/platform/http/page-answer";
import { privateData } from "~/platform/http/page-answer.server";
import { privateMeta } from "~/features/site/seo";

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  privateMeta(data ? `Report ${data.firstName}` : "Report");
export const headers = pipeHeaders;

export async function loader({ params, context }: LoaderFunctionArgs) {
  const listing = await reportableListing(context.cloudflare.env, params.modelId);
  if (!listing) throw data(REPORT_MSG.notFound, { status: 404 });
  return privateData(listing);
}

type ActionResult = { sent: true } | { result: SubmissionResult<string[]> };

/** The same schema in the browser (before sending) and here (the check that counts). */
const parse = (form: FormData | URLSearchParams) => parseForm(form, reportSchema);

export async function action({ request, params, context }: ActionFunctionArgs) {
  const env = context.cloudflare.env;
  if (await reportLimited(env, request))
    return privateData<ActionResult>({ result: formError(REPORT_MSG.rateLimited) }, 429);
  const body = await readBody(request, {
    maxBytes: REPORT_BODY_MAX_BYTES,
    accept: ["form", "multipart"],
    tooLarge: REPORT_MSG.tooLarge,
    wrongType: "Send the report as a form",
  });
  if (!body.ok) return privateData<ActionResult>({ result: formError(body.error) }, body.status);
  const listing = await reportableListing(env, params.modelId);
  if (!listing) return privateData<ActionResult>({ result: formError(REPORT_MSG.notFound) }, 404);
  const submission = parse(new URLSearchParams(textFields(body.form)));
  // The reply carries what was typed back, so a form sent without JavaScript comes back filled in.
  if (submission.status !== "success") return privateData<ActionResult>({ result: submission.reply() }, 400);
  await createReport(env, listing.listingId, submission.value);
  return privateData<ActionResult>({ sent: true });
}

export default function ReportListing() {
  const listing = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as ActionResult | undefined;
  const sending = useNavigation().state === "submitting";
  const [form, fields] = useForm({
    id: "report",
    lastResult: actionData && "result" in actionData ? actionData.result : undefined,
    onValidate: ({ formData }) => parse(formData),
    // Until JavaScript runs, the browser's own checks (a reason is required) stop an empty report.
    defaultNoValidate: false,
  });
  const [detailsLength, setDetailsLength] = useState(() => String(fields.details.initialValue ?? "").length);

  if (actionData && "sent" in actionData) {
    return (
      <InfoPage title={`Report ${listing.firstName}`}>
        <Alert tone="success">{REPORT_MSG.sent}</Alert>
        <Link to={`/view/${listing.listingId}`} className={buttonClass({ size: "roomy", className: "mt-6" })}>
          Back to the profile
        </Link>
      </InfoPage>
    );
  }
  return (
    <InfoPage
      title={`Report ${listing.firstName}`}
      lead="Tell our team what is wrong with this listing. Reports are confidential and handled within 48 hours."
    >
      <Form method="post" {...getFormProps(form)} className="space-y-5 rounded-2xl border border-line bg-panel p-6">
        <Alert tone="error" id={form.errorId}>
          {form.errors?.[0]}
        </Alert>
        <Field
          label="Reason"
          errors={fields.reason.errors}
          select={{ ...getSelectProps(fields.reason), required: true, defaultValue: fields.reason.initialValue ?? "" }}
        >
          <option value="" disabled>
            Choose a reason
          </option>
          {REPORT_REASONS.map((r) => (
            <option key={r.value} value={r.value}>
              {r.label}
            </option>
          ))}
        </Field>
        <Field
          label="Details (optional)"
          description={`${detailsLength} / ${REPORT_DETAILS_MAX} characters`}
          errors={fields.details.errors}
          textarea={{
            ...getTextareaProps(fields.details),
            rows: 5,
            maxLength: REPORT_DETAILS_MAX,
            onChange: (e) => setDetailsLength(e.target.value.length),
          }}
        />
        <Field
          label="Your e-mail or phone (optional, only if you are happy for us to ask you about it)"
          errors={fields.contact.errors}
          input={{
            ...getInputProps(fields.contact, { type: "text" }),
            autoComplete: "email",
            maxLength: REPORT_CONTACT_MAX,
          }}
        />
        <div className="flex flex-wrap gap-3">
          <Button type="submit" size="roomy" disabled={sending}>
            {sending ? "Sending..." : "Send report"}
          </Button>
          <Link to={`/view/${listing.listingId}`} className={buttonClass({ variant: "secondary" })}>
            Cancel
          </Link>
        </div>
      </Form>
    </InfoPage>
  );
}
