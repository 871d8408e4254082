import { data } from "@remix-run/cloudflare";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { ListingsScreen } from "~/features/catalogue/ListingsScreen";
import { originOf, seoMeta } from "~/features/site/seo";
import { loadListingsView } from "~/features/catalogue/listings-view.server";
import { ListErrorBoundary } from "~/ui/LazyLoadFailed";
import { PARTIAL_NO_STORE, PRIVATE_NO_STORE, pipeHeaders } from "~/platform/http/page-answer";

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  seoMeta({
    title: "All Escorts in New Zealand",
    description: "Browse independent escorts, agencies and massage providers across New Zealand. Adults 18+ only.",
    // Filters and pages are views of the one home page, so they all name it as canonical.
    path: "/",
    origin: data?.origin,
  });

export async function loader({ request, context }: LoaderFunctionArgs) {
  const view = await loadListingsView(context, request, null);
  // The admin grid lists hidden listings: it never enters a shared cache.
  return data(
    { ...view, origin: originOf(request.url) },
    {
      headers: view.admin ? PRIVATE_NO_STORE : view.incomplete ? PARTIAL_NO_STORE : {},
    },
  );
}

export const headers = pipeHeaders;

export default function Home() {
  const view = useLoaderData<typeof loader>();
  return <ListingsScreen view={view} heading="All Escorts" />;
}

export const ErrorBoundary = () => <ListErrorBoundary heading="All Escorts" what="The listings" />;
