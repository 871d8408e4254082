import {
  data,
  type ActionFunctionArgs,
  type HeadersFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { InfoPage } from "~/features/site/InfoPage";
import { parseRange } from "~/features/insights/insights";
import { loadInsights } from "~/features/insights/insights.server";
import { InsightsPage } from "~/features/insights/InsightsPage";
import { hasStatementEmail, loadStatement, setStatementEmail } from "~/features/insights/statement.server";
import { WeeklyStatement } from "~/features/insights/WeeklyStatement";
import { requireUser } from "~/features/accounts/guards.server";

export const meta: MetaFunction = () => [
  { title: "Insights | Kiwi Companions" },
  { name: "robots", content: "noindex" },
];

export const headers: HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

const NO_STORE = { "Cache-Control": "no-store" };

/** /dashboard/insights?listing=…&days=7|30|90: the owner's own listings only (the CSV is dashboard_.insights[.]csv.ts). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const url = new URL(request.url);
  const days = parseRange(url.searchParams.get("days"));
  const env = context.cloudflare.env;
  const now = Date.now();
  const view = await loadInsights(env, user.id, url.searchParams.get("listing"), days, now);
  // The weekly statement (docs/decisions/0030-weekly-visibility-statement.md): last full NZ week, same plan and region.
  const [statement, emailOn] = await Promise.all([
    view.listingId ? loadStatement(env, user.id, view.listingId, now) : null,
    hasStatementEmail(env, user.id),
  ]);
  return data({ ...view, statement, emailOn }, { headers: NO_STORE });
}

/** The weekly e-mail's opt-in: on=1 turns it on, on=0 off. */
export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context);
  const form = await request.formData();
  const on = form.get("on");
  if (form.get("intent") !== "statement-email" || (on !== "1" && on !== "0")) {
    return data({ error: "Choose to turn the weekly e-mail on or off." }, { status: 400 });
  }
  await setStatementEmail(context.cloudflare.env, user.id, on === "1", Date.now());
  return data({
    notice: on === "1" ? "Done: the statement will come by e-mail every Monday." : "Done: no more weekly e-mails.",
  });
}

export default function Insights() {
  const { statement, emailOn, ...view } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  return (
    <InfoPage title="Insights">
      <InsightsPage {...view} />
      <div className="mt-6">
        <WeeklyStatement
          statement={statement}
          emailOn={emailOn}
          notice={result && "notice" in result ? result.notice : null}
          error={result && "error" in result ? result.error : null}
        />
      </div>
    </InfoPage>
  );
}
