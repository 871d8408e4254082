import { data, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { InfoPage } from "~/components/InfoPage";
import { parseRange } from "~/features/insights/insights";
import { loadInsights } from "~/features/insights/insights.server";
import { InsightsPage } from "~/features/insights/InsightsPage";
import { requireUser } from "~/server/auth.server";

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
  const view = await loadInsights(context.cloudflare.env, user.id, url.searchParams.get("listing"), days, Date.now());
  return data(view, { headers: NO_STORE });
}

export default function Insights() {
  const view = useLoaderData<typeof loader>();
  return (
    <InfoPage title="Insights">
      <InsightsPage {...view} />
    </InfoPage>
  );
}
