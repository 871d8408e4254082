import { data } from "@remix-run/cloudflare";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { DashboardShell } from "~/features/dashboard/DashboardShell";
import { readInsightsWithFrame } from "~/features/dashboard/dashboard-frame.server";
import { CoverRotation } from "~/features/insights/page/CoverRotation";
import { COVER_FIELD } from "~/features/insights/cover-rotation";
import { saveCovers } from "~/features/insights/cover-rotation.server";
import { parseRange } from "~/features/insights/insights";
import { InsightsPage } from "~/features/insights/page/InsightsPage";
import { setStatementEmail } from "~/features/insights/statement/statement.server";
import { WeeklyStatement } from "~/features/insights/statement/WeeklyStatement";
import { requireUser } from "~/features/accounts/guards.server";
import { NO_STORE, pipeHeaders } from "~/platform/http/page-answer";
import { privateMeta } from "~/features/site/seo";

export const meta: MetaFunction = () => privateMeta("Insights");

export const headers = pipeHeaders;

/** /dashboard/insights?listing=…&days=7|30|90: the owner's own listings only (the CSV is dashboard_.insights[.]csv.ts). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const days = parseRange(url.searchParams.get("days"));
  const listing = url.searchParams.get("listing");
  // The range, the weekly statement (docs/decisions/0030-weekly-visibility-statement.md) and the cover rotation,
  // for the signed-in owner only (it redirects anyone else to sign in), with the dashboard's sidebar (the site
  // header is hidden under /dashboard).
  const page = await readInsightsWithFrame(request, context, listing, days, Date.now());
  return data(page, { headers: NO_STORE });
}

/** The weekly e-mail's opt-in (on=1 turns it on, on=0 off), or the listing's rotating covers (intent=covers). */
export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context);
  const form = await request.formData();
  if (form.get("intent") === "covers") {
    const chosen = form.get("off") === "1" ? [] : form.getAll(COVER_FIELD);
    const saved = await saveCovers(context.cloudflare.env, user.id, String(form.get("listing") ?? ""), chosen);
    if (!saved.ok) return data({ for: "covers" as const, error: saved.error }, { status: saved.status });
    return data({
      for: "covers" as const,
      notice: saved.ids.length
        ? `Saved: ${saved.ids.length === 1 ? "this photo is" : `these ${saved.ids.length} photos take turns as`} your card's cover.`
        : "Rotation is off: your first photo is the cover.",
    });
  }
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
  const { statement, publicNow, nextStatement, emailOn, covers, frame, ...view } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const coverResult = result && "for" in result ? result : null;
  const statementResult = coverResult ? null : result;
  return (
    <DashboardShell greeting={frame.greeting} menu={frame.menu}>
      <div className="mx-auto max-w-3xl px-3 py-6 sm:px-6 sm:py-10">
        <h1 className="mb-6 text-3xl font-bold tracking-tight">Insights</h1>
        <InsightsPage {...view} />
        {covers && view.listingId ? (
          <div className="mt-6">
            <CoverRotation
              listingId={view.listingId}
              days={view.days}
              photos={covers.photos}
              results={covers.results}
              notice={coverResult && "notice" in coverResult ? coverResult.notice : null}
              error={coverResult && "error" in coverResult ? coverResult.error : null}
            />
          </div>
        ) : null}
        <div className="mt-6">
          <WeeklyStatement
            statement={statement}
            publicNow={publicNow}
            nextStatement={nextStatement}
            emailOn={emailOn}
            notice={statementResult && "notice" in statementResult ? statementResult.notice : null}
            error={statementResult && "error" in statementResult ? statementResult.error : null}
          />
        </div>
      </div>
    </DashboardShell>
  );
}
