import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { ListingsScreen } from "~/components/ListingsScreen";
import { loadListingsView } from "~/server/listings-view.server";

export const meta: MetaFunction = () => [
  { title: "All Escorts in New Zealand | Kiwi Companions" },
  {
    name: "description",
    content: "Browse independent escorts, agencies and massage providers across New Zealand. Adults 18+ only.",
  },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  return loadListingsView(context, request, null);
}

export default function Home() {
  const view = useLoaderData<typeof loader>();
  return <ListingsScreen view={view} heading="All Escorts" />;
}
