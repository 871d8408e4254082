import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { originOf } from "~/features/site/seo";
import { sitemapXml } from "~/features/site/sitemap";
import { liveListingIds } from "~/features/site/sitemap.server";
import { agencyPath } from "~/features/agencies/agency";
import { agencyPageSlugs } from "~/features/agencies/agency-page.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const [ids, agencies] = await Promise.all([
    liveListingIds(context.cloudflare.env),
    agencyPageSlugs(context.cloudflare.env),
  ]);
  return new Response(sitemapXml(originOf(request.url), ids, agencies.map(agencyPath)), {
    headers: {
      "Content-Type": "application/xml; charset=utf-8",
      // Crawlers fetch this rarely; an hour old is fresh enough and spares D1 a full id scan per hit.
      "Cache-Control": "public, max-age=3600",
    },
  });
}
