// The administrators' appeals: one per refusal, oldest first, the total in the heading; an appeal is decided by
// an administrator other than the one who refused when there is more than one. Non-administrators get 404.
// The work is in app/features/review-service/appeal-pages.server.ts.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { AdminPage, EmptyQueue } from "~/features/moderation/AdminPage";
import { AppealCard } from "~/features/review-service/AppealCard";
import { appealsQueueAction, appealsQueuePage } from "~/features/review-service/appeal-pages.server";
import { privateMeta } from "~/features/site/seo";
import { FlashNotice } from "~/ui/FlashNotice";
import { pipeHeaders } from "~/platform/http/page-answer";

export const meta: MetaFunction = () => privateMeta("Appeals");
export const headers = pipeHeaders;

export const loader = ({ request, context }: LoaderFunctionArgs) => appealsQueuePage(request, context);
export const action = ({ request, context }: ActionFunctionArgs) => appealsQueueAction(request, context);

export default function AppealsQueue() {
  const q = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>() as { error: string; appealId: string } | undefined;
  const busy = useNavigation().state !== "idle";
  return (
    <AdminPage
      title="Appeals"
      lead="One appeal of each refusal (ID checks, photo checks, takedown cases). The administrator who refused does not decide its appeal while there is another one."
    >
      <FlashNotice notice={q.notice} />
      <p className="font-semibold" data-testid="appeal-total">
        {q.total} open {q.total === 1 ? "appeal" : "appeals"}
        {q.total > q.appeals.length ? `, the ${q.appeals.length} oldest shown` : ""}.
      </p>
      {q.appeals.length === 0 ? (
        <EmptyQueue>No open appeals.</EmptyQueue>
      ) : (
        <ul className="space-y-4" aria-label="Open appeals">
          {q.appeals.map((x) => (
            <AppealCard
              key={x.id}
              appeal={x}
              adminId={q.adminId}
              administrators={q.administrators}
              busy={busy}
              error={result?.appealId === x.id ? result.error : undefined}
            />
          ))}
        </ul>
      )}
    </AdminPage>
  );
}
