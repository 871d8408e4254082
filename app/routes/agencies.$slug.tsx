import { data, redirect } from "@remix-run/cloudflare";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { AgencyScreen } from "~/features/catalogue/AgencyScreen";
import { agencyPageDescription, agencyPageTitle, agencyStructuredData } from "~/features/agencies/agency-page";
import { agencyPath } from "~/features/agencies/agency";
import { loadAgencyPage, movedAgencySlug } from "~/features/agencies/agency-page.server";
import { originOf, privateMeta, seoMeta } from "~/features/site/seo";
import { NO_STORE, pipeHeaders } from "~/platform/http/page-answer";

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  if (!data) return privateMeta("Agency not found");
  const page = data.page;
  const cover = page.cards.find((c) => c.cover)?.cover;
  return [
    ...seoMeta({
      title: agencyPageTitle(page.name),
      description: agencyPageDescription(page),
      path: agencyPath(page.slug),
      origin: data.origin,
      image: cover
        ? { url: cover.url, alt: `Photo from ${page.name}`, width: cover.width, height: cover.height }
        : null,
    }),
    { "script:ld+json": agencyStructuredData(page, data.origin) },
  ];
};

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const now = Date.now();
  const page = await loadAgencyPage(context.cloudflare.env, params.slug ?? "", now);
  if (!page) {
    // A renamed agency's old address moves for good to its new one (docs/decisions/0065-agency-slugs-kept.md).
    const moved = await movedAgencySlug(context.cloudflare.env, params.slug ?? "");
    if (moved) throw redirect(agencyPath(moved), { status: 301, headers: NO_STORE });
    // An agency that may not publish (not checked, suspended) or has no page yet: no page, as for a hidden listing.
    throw data("No such agency.", { status: 404 });
  }
  return data({ page, now, origin: originOf(request.url) });
}

export const headers = pipeHeaders;

export default function AgencyRoute() {
  const { page, now } = useLoaderData<typeof loader>();
  return <AgencyScreen page={page} now={now} />;
}
