import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { insightsCsv, parseRange } from "~/features/insights/insights";
import { loadInsights } from "~/features/insights/insights.server";
import { requireUser } from "~/features/accounts/guards.server";
import { NO_STORE } from "~/platform/http/page-answer";

/** /dashboard/insights.csv?listing=…&days=…: the insights page's days as a spreadsheet, the owner's own only. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const url = new URL(request.url);
  const days = parseRange(url.searchParams.get("days"));
  const view = await loadInsights(context.cloudflare.env, user.id, url.searchParams.get("listing"), days, Date.now());
  if (!view.listingId) return Response.json({ error: "You have no listings yet" }, { status: 404 });
  return new Response(insightsCsv(view.series), {
    headers: {
      ...NO_STORE,
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="insights-${days}-days.csv"`,
    },
  });
}
