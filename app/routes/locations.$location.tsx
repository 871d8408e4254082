import { data, redirect } from "@remix-run/cloudflare";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData, useParams } from "@remix-run/react";
import { ListingsScreen } from "~/features/catalogue/ListingsScreen";
import { REGION_INTROS } from "~/features/catalogue/region-intros";
import { parseRegion, regionPath } from "~/core/regions";
import { seoMeta } from "~/features/site/seo";
import { loadListingsView } from "~/features/catalogue/listings-view.server";
import { ListErrorBoundary } from "~/ui/LazyLoadFailed";
import { PARTIAL_NO_STORE, PRIVATE_NO_STORE, pipeHeaders } from "~/platform/http/page-answer";

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  data?.region
    ? seoMeta({
        title: `${data.region} Escorts`,
        description: REGION_INTROS[data.region],
        path: regionPath(data.region),
        origin: data.origin,
      })
    : [];

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const region = parseRegion(params.location);
  const url = new URL(request.url);
  // An unknown region falls back to the whole country; another spelling of a known one goes to its canonical URL.
  if (!region) throw redirect(`/${url.search}`);
  if (url.pathname !== regionPath(region)) throw redirect(`${regionPath(region)}${url.search}`, 301);
  const view = await loadListingsView(context, request, region);
  // The admin grid lists hidden listings: it never enters a shared cache.
  return data(
    { ...view, origin: url.origin },
    {
      headers: view.admin ? PRIVATE_NO_STORE : view.incomplete ? PARTIAL_NO_STORE : {},
    },
  );
}

export const headers = pipeHeaders;

export default function RegionScreen() {
  const view = useLoaderData<typeof loader>();
  const region = view.region!;
  return <ListingsScreen view={view} heading={`${region} Escorts`} intro={REGION_INTROS[region]} />;
}

export function ErrorBoundary() {
  const region = parseRegion(useParams().location ?? null);
  return <ListErrorBoundary heading={region ? `${region} Escorts` : "Escorts"} what="The listings" />;
}
