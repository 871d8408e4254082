// The administrators' takedown queue: every open case with its clock, the soonest due first, the total and
// the overdue ones in the heading, 20 a page. Non-administrators get 404. The work is in
// app/features/takedowns/pages.server.ts (docs/decisions/0063-takedown-cases.md).
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { AdminPage, EmptyQueue } from "~/features/moderation/AdminPage";
import { CaseCard } from "~/features/takedowns/CaseCard";
import { queueAction, queuePage } from "~/features/takedowns/pages.server";
import { FlashNotice } from "~/ui/FlashNotice";
import { pipeHeaders } from "~/platform/http/page-answer";
import { privateMeta } from "~/features/site/seo";

export const meta: MetaFunction = () => privateMeta("Takedown cases");
export const headers = pipeHeaders;

export const loader = ({ request, context }: LoaderFunctionArgs) => queuePage(request, context);
export const action = ({ request, context }: ActionFunctionArgs) => queueAction(request, context);

export default function TakedownQueue() {
  const q = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>() as { error: string; caseId: string } | undefined;
  const busy = useNavigation().state !== "idle";
  return (
    <AdminPage
      title="Takedown cases"
      lead="People listed, or whose photos are used, without consent. The owner has 48 hours to answer; without an answer the scheduled pass takes the content down. A disputed case is yours to decide within 48 hours of the answer."
    >
      <FlashNotice notice={q.notice} />
      <p className="font-semibold" data-testid="takedown-totals">
        {q.total} open {q.total === 1 ? "case" : "cases"}, {q.overdue} overdue.
      </p>
      {q.items.length === 0 ? (
        <EmptyQueue>No open takedown cases.</EmptyQueue>
      ) : (
        <ul className="space-y-4" aria-label="Open takedown cases">
          {q.items.map((c) => (
            <CaseCard key={c.id} c={c} busy={busy} error={result?.caseId === c.id ? result.error : undefined} />
          ))}
        </ul>
      )}
      {q.pages > 1 ? (
        <nav aria-label="Pages" className="flex gap-3">
          {q.page > 1 ? <Link to={`?page=${q.page - 1}`}>Previous</Link> : null}
          <span>
            Page {q.page} of {q.pages}
          </span>
          {q.page < q.pages ? <Link to={`?page=${q.page + 1}`}>Next</Link> : null}
        </nav>
      ) : null}
    </AdminPage>
  );
}
