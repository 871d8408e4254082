import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { originOf } from "~/features/site/seo";
import { sitemapXml } from "~/features/site/sitemap";
import { liveListingIds } from "~/features/site/sitemap.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const ids = await liveListingIds(context.cloudflare.env);
  return new Response(sitemapXml(originOf(request.url), ids), {
    headers: {
      "Content-Type": "application/xml; charset=utf-8",
      // Crawlers fetch this rarely; an hour old is fresh enough and spares D1 a full id scan per hit.
      "Cache-Control": "public, max-age=3600",
    },
  });
}
