// 'Report' on a public profile (the terms allow a Report button on every ad): a short form with a reason
// from a fixed list, optional details and optional contact details. Works without JavaScript, limited per
// client (WRITE_LIMITER), and a body far over the form's size is refused with 413 before it is read.
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useState } from "react";
import { InfoPage, PRIMARY_BUTTON } from "~/components/InfoPage";
import {
  parseReport,
  REPORT_BODY_MAX_BYTES,
  REPORT_CONTACT_MAX,
  REPORT_DETAILS_MAX,
  REPORT_MSG,
  REPORT_REASONS,
  type FieldErrors,
} from "~/lib/reports";
import { readBody, textFields } from "~/server/http/body.server";
import { createReport, reportableListing, reportLimited } from "~/server/reports.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `Report ${data.firstName} | Kiwi Companions` : "Report | Kiwi Companions" },
  { name: "robots", content: "noindex" },
];

const NO_STORE = { "Cache-Control": "no-store" };

export async function loader({ params, context }: LoaderFunctionArgs) {
  const listing = await reportableListing(context.cloudflare.env, params.modelId);
  if (!listing) throw data(REPORT_MSG.notFound, { status: 404 });
  return data(listing, { headers: NO_STORE });
}

type ActionResult = { sent: true } | { error: string; fieldErrors?: FieldErrors; values?: Record<string, string> };

export async function action({ request, params, context }: ActionFunctionArgs) {
  const env = context.cloudflare.env;
  const reply = (body: ActionResult, status = 200) => data<ActionResult>(body, { status, headers: NO_STORE });
  if (await reportLimited(env, request)) return reply({ error: REPORT_MSG.rateLimited }, 429);
  const body = await readBody(request, {
    maxBytes: REPORT_BODY_MAX_BYTES,
    accept: ["form", "multipart"],
    tooLarge: REPORT_MSG.tooLarge,
    wrongType: "Send the report as a form",
  });
  if (!body.ok) return reply({ error: body.error }, body.status);
  const fields = textFields(body.form);
  const listing = await reportableListing(env, params.modelId);
  if (!listing) return reply({ error: REPORT_MSG.notFound }, 404);
  const parsed = parseReport(fields);
  if (!parsed.ok) {
    const { reason = "", details = "", contact = "" } = fields;
    return reply({ error: parsed.error, fieldErrors: parsed.errors, values: { reason, details, contact } }, 400);
  }
  await createReport(env, listing.modelId, parsed.data);
  return reply({ sent: true });
}

const FIELD = "w-full rounded-lg border border-line bg-panel px-3 py-2 text-base text-white";

export default function ReportListing() {
  const listing = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>() as ActionResult | undefined;
  const sending = useNavigation().state === "submitting";
  const failed = result && "error" in result ? result : null;
  const [details, setDetails] = useState(failed?.values?.details ?? "");

  if (result && "sent" in result) {
    return (
      <InfoPage title={`Report ${listing.firstName}`}>
        <p role="status" className="rounded-xl border border-emerald-500/60 bg-emerald-950/60 p-4 text-emerald-100">
          {REPORT_MSG.sent}
        </p>
        <Link to={`/view/${listing.modelId}`} className={`${PRIMARY_BUTTON} mt-6`}>
          Back to the profile
        </Link>
      </InfoPage>
    );
  }
  const fieldError = (name: keyof FieldErrors) => failed?.fieldErrors?.[name];
  return (
    <InfoPage
      title={`Report ${listing.firstName}`}
      lead="Tell our team what is wrong with this listing. Reports are confidential and handled within 48 hours."
    >
      <Form method="post" className="space-y-5 rounded-2xl border border-line bg-panel p-6" noValidate={false}>
        {failed && !failed.fieldErrors ? (
          <p role="alert" className="rounded-xl border border-rose-400 bg-rose-950/60 p-4 text-rose-100">
            {failed.error}
          </p>
        ) : null}
        <div className="space-y-1">
          <label htmlFor="report-reason" className="block font-medium">
            Reason
          </label>
          <select
            id="report-reason"
            name="reason"
            required
            defaultValue={failed?.values?.reason ?? ""}
            className={`${FIELD} min-h-11 bg-ink`}
            aria-invalid={fieldError("reason") ? true : undefined}
            aria-describedby={fieldError("reason") ? "report-reason-error" : undefined}
          >
            <option value="" disabled>
              Choose a reason
            </option>
            {REPORT_REASONS.map((r) => (
              <option key={r.value} value={r.value}>
                {r.label}
              </option>
            ))}
          </select>
          {fieldError("reason") ? (
            <p id="report-reason-error" role="alert" className="text-sm text-rose-200">
              {fieldError("reason")}
            </p>
          ) : null}
        </div>
        <div className="space-y-1">
          <label htmlFor="report-details" className="block font-medium">
            Details (optional)
          </label>
          <textarea
            id="report-details"
            name="details"
            rows={5}
            maxLength={REPORT_DETAILS_MAX}
            value={details}
            onChange={(e) => setDetails(e.target.value)}
            className={`${FIELD} bg-ink`}
            aria-describedby="report-details-count"
            aria-invalid={fieldError("details") ? true : undefined}
          />
          <p id="report-details-count" className="text-sm text-muted">
            {details.length} / {REPORT_DETAILS_MAX} characters
          </p>
          {fieldError("details") ? (
            <p role="alert" className="text-sm text-rose-200">
              {fieldError("details")}
            </p>
          ) : null}
        </div>
        <div className="space-y-1">
          <label htmlFor="report-contact" className="block font-medium">
            Your e-mail or phone (optional, only if you are happy for us to ask you about it)
          </label>
          <input
            id="report-contact"
            name="contact"
            type="text"
            autoComplete="email"
            maxLength={REPORT_CONTACT_MAX}
            defaultValue={failed?.values?.contact ?? ""}
            className={`${FIELD} min-h-11 bg-ink`}
            aria-invalid={fieldError("contact") ? true : undefined}
            aria-describedby={fieldError("contact") ? "report-contact-error" : undefined}
          />
          {fieldError("contact") ? (
            <p id="report-contact-error" role="alert" className="text-sm text-rose-200">
              {fieldError("contact")}
            </p>
          ) : null}
        </div>
        <div className="flex flex-wrap gap-3">
          <button type="submit" className={PRIMARY_BUTTON} disabled={sending}>
            {sending ? "Sending..." : "Send report"}
          </button>
          <Link
            to={`/view/${listing.modelId}`}
            className="inline-flex min-h-11 items-center rounded-lg border border-line px-4"
          >
            Cancel
          </Link>
        </div>
      </Form>
    </InfoPage>
  );
}
