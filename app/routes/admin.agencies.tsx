// Administrators' view of the agencies (docs/decisions/0058-worker-consent-and-agency-checks.md): each with its
// operator certificate (private to the agency and us), its listings and their workers' consent; the
// certificate is checked here before the agency's first listing goes live, and an agency can be suspended.
// Every action is on the audit log. Non-administrators get 404.
import { data } from "@remix-run/cloudflare";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { AdminPage, EmptyQueue } from "~/features/moderation/AdminPage";
import { actOnAgency } from "~/features/agencies/agency.server";
import { loadAgencyOverview } from "~/features/agencies/agency-overview.server";
import type { AdminAgencyAction } from "~/features/agencies/agency.server";
import { readAdminForm, requireAdminPage } from "~/features/accounts/guards.server";
import { isId } from "~/platform/data/ids";
import { NO_STORE, pipeHeaders } from "~/platform/http/page-answer";
import { formatNzTime } from "~/platform/time/date-text";
import { privateMeta } from "~/features/site/seo";
import { Alert } from "~/ui/Alert";

export const meta: MetaFunction = () => privateMeta("Agencies");
export const headers = pipeHeaders;

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdminPage(request, context);
  const agencies = await loadAgencyOverview(context.cloudflare.env);
  return data(
    {
      agencies: agencies.map((g) => ({
        ...g,
        checked: g.certificateCheckedAt ? formatNzTime(g.certificateCheckedAt) : null,
        suspended: g.suspendedAt ? formatNzTime(g.suspendedAt) : null,
      })),
    },
    { headers: NO_STORE },
  );
}

const ACTIONS: readonly AdminAgencyAction[] = ["check", "suspend", "lift"];

export async function action({ request, context }: ActionFunctionArgs) {
  const { admin, form, intent } = await readAdminForm(request, context);
  const userId = form?.get("userId");
  if (!ACTIONS.includes(intent as AdminAgencyAction) || !isId(userId))
    return data({ error: "Unknown action." }, { status: 400, headers: NO_STORE });
  const { env, ctx } = context.cloudflare;
  const result = await actOnAgency(env, ctx, admin.id, userId, intent as AdminAgencyAction);
  if (!result.ok) return data({ error: result.error }, { status: result.status, headers: NO_STORE });
  return data({ error: null as string | null }, { headers: NO_STORE });
}

const BUTTON =
  "inline-flex min-h-11 items-center rounded-lg border border-line px-3 text-sm font-semibold hover:bg-panel";

export default function Agencies() {
  const { agencies } = useLoaderData<typeof loader>();
  const answered = useActionData<typeof action>();
  return (
    <AdminPage
      title="Agencies"
      lead="Each agency's operator certificate, its listings and whether each worker has agreed."
    >
      <Alert tone="error">{answered?.error}</Alert>
      {agencies.length === 0 ? (
        <EmptyQueue>No agencies yet.</EmptyQueue>
      ) : (
        <ul className="space-y-4">
          {agencies.map((g) => (
            <li key={g.userId} className="space-y-2 rounded-2xl border border-line p-4" data-testid="admin-agency">
              <h2 className="text-lg font-semibold">{g.name}</h2>
              <p className="text-sm text-muted">{g.email}</p>
              <p className="text-sm" data-testid="admin-agency-certificate">
                {g.certificateNumber
                  ? `Certificate ${g.certificateNumber}, expires ${g.certificateExpires}`
                  : g.noCertificateReason
                    ? `No certificate needed: ${g.noCertificateReason}`
                    : "No certificate or statement given yet."}{" "}
                {g.checked ? `Checked ${g.checked}.` : "Not checked."}
                {g.suspended ? ` Suspended ${g.suspended}.` : ""}
              </p>
              <ul className="text-sm">
                {g.listings.map((x) => (
                  <li key={x.id}>
                    <Link to={`/view/${x.id}`} className="text-accent underline underline-offset-2">
                      {x.firstName}
                    </Link>
                    : {x.live ? "live" : "hidden"}, {x.verified ? "verified" : "not verified"}, worker: {x.consent}
                  </li>
                ))}
              </ul>
              <Form method="post" className="flex flex-wrap gap-2">
                <input type="hidden" name="userId" value={g.userId} />
                {!g.checked && (g.certificateNumber || g.noCertificateReason) ? (
                  <button type="submit" name="intent" value="check" className={BUTTON} data-testid="admin-agency-check">
                    Certificate checked
                  </button>
                ) : null}
                {g.suspended ? (
                  <button type="submit" name="intent" value="lift" className={BUTTON}>
                    Lift suspension
                  </button>
                ) : (
                  <button
                    type="submit"
                    name="intent"
                    value="suspend"
                    className={BUTTON}
                    data-testid="admin-agency-suspend"
                  >
                    Suspend agency
                  </button>
                )}
              </Form>
            </li>
          ))}
        </ul>
      )}
    </AdminPage>
  );
}
