import { redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { ListingsScreen } from "~/components/ListingsScreen";
import { REGION_INTROS } from "~/lib/region-intros";
import { parseRegion, regionPath } from "~/lib/regions";
import { loadListingsView } from "~/server/listings-view.server";

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  data?.region
    ? [
        { title: `${data.region} Escorts | Kiwi Companions` },
        { name: "description", content: REGION_INTROS[data.region] },
      ]
    : [];

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const region = parseRegion(params.location);
  const url = new URL(request.url);
  // An unknown region falls back to the whole country; another spelling of a known one goes to its canonical URL.
  if (!region) throw redirect(`/${url.search}`);
  if (url.pathname !== regionPath(region)) throw redirect(`${regionPath(region)}${url.search}`, 301);
  return loadListingsView(context, request, region);
}

export default function RegionScreen() {
  const view = useLoaderData<typeof loader>();
  const region = view.region!;
  return <ListingsScreen view={view} heading={`${region} Escorts`} intro={REGION_INTROS[region]} />;
}
