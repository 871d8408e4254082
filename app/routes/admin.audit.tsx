// The audit log of administrator actions, newest first, 50 a page. Non-administrators get 404.
import { data } from "@remix-run/cloudflare";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { AdminPage, EmptyQueue } from "~/features/moderation/AdminPage";
import { formatNzTime } from "~/platform/time/date-text";
import { loadAuditPage } from "~/features/audit/audit.server";
import { requireAdminPage } from "~/features/accounts/guards.server";
import { NO_STORE, pipeHeaders } from "~/platform/http/page-answer";
import { privateMeta } from "~/features/site/seo";
import { ColumnHeads } from "~/ui/ColumnHeads";
import { auditLabel, parseAuditPage } from "~/features/audit/audit";

export const meta: MetaFunction = () => privateMeta("Audit log");
export const headers = pipeHeaders;

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdminPage(request, context);
  const page = parseAuditPage(new URL(request.url).searchParams.get("page"));
  const { rows, hasMore } = await loadAuditPage(context.cloudflare.env, page);
  return data(
    {
      page,
      hasMore,
      rows: rows.map((r) => ({ ...r, when: formatNzTime(r.createdAt), what: auditLabel(r.action) })),
    },
    { headers: NO_STORE },
  );
}

const COLUMNS = ["When", "Who", "What", "Listing", "Detail"];
const PAGER = "inline-flex min-h-11 items-center rounded-lg border border-line px-4 hover:bg-panel";

export default function AuditLog() {
  const { rows, page, hasMore } = useLoaderData<typeof loader>();
  return (
    <AdminPage title="Audit log" lead="Every administrator action, newest first.">
      {rows.length === 0 ? (
        <EmptyQueue>No administrator actions yet.</EmptyQueue>
      ) : (
        <div className="relative overflow-x-auto rounded-2xl border border-line">
          <table className="w-full min-w-[40rem] text-left text-sm" data-testid="audit-table">
            <caption className="sr-only">Administrator actions, page {page}</caption>
            <ColumnHeads columns={COLUMNS} cellClassName="px-3 py-2 font-medium" />
            <tbody className="divide-y divide-line">
              {rows.map((r) => (
                <tr key={r.id} data-testid="audit-row" data-action={r.action}>
                  <td className="whitespace-nowrap px-3 py-2">{r.when}</td>
                  <td className="px-3 py-2">{r.adminName ?? `Former administrator (${r.adminId})`}</td>
                  <td className="px-3 py-2">{r.what}</td>
                  <td className="px-3 py-2 font-mono text-xs">
                    {r.listingName ? (
                      <span className="block font-sans text-sm" data-testid="audit-listing-name">
                        {r.listingName}
                      </span>
                    ) : null}
                    {r.listingId ? (
                      <Link to={`/view/${r.listingId}`} className="text-accent underline underline-offset-2">
                        {r.listingId}
                      </Link>
                    ) : (
                      "–"
                    )}
                    {r.requestId ? <span className="block text-muted">request {r.requestId}</span> : null}
                    {r.reportId ? <span className="block text-muted">report {r.reportId}</span> : null}
                  </td>
                  <td className="break-words px-3 py-2 text-zinc-300">{r.detail}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <nav aria-label="Audit log pages" className="flex gap-3">
        {page > 1 ? (
          <Link to={page === 2 ? "/admin/audit" : `/admin/audit?page=${page - 1}`} className={PAGER}>
            Newer actions
          </Link>
        ) : null}
        {hasMore ? (
          <Link to={`/admin/audit?page=${page + 1}`} className={PAGER}>
            Older actions
          </Link>
        ) : null}
      </nav>
    </AdminPage>
  );
}
