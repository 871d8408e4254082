import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { parseFilters, parsePage } from "~/lib/filters";
import { parseRegion } from "~/lib/regions";
import { getSessionUser } from "~/server/auth.server";
import { loadGridPage } from "~/server/grid.server";

/**
 * Next pages of the grid for endless scroll (or a refresh of `pages` pages at once): cards only. An
 * administrator's pages include hidden listings, as their grid does; everyone else gets live ones only.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const regionParam = url.searchParams.get("region");
  const region = parseRegion(regionParam);
  if (regionParam && !region) return Response.json({ error: "Unknown region" }, { status: 400 });
  const viewer = await getSessionUser(request, context.cloudflare.env).catch(() => null);
  const page = await loadGridPage(context.cloudflare.env, {
    includeHidden: viewer?.isAdmin === true,
    region,
    filters: parseFilters(url.searchParams),
    page: parsePage(url.searchParams.get("page")),
    pages: parsePage(url.searchParams.get("pages")),
    now: Date.now(),
  });
  return Response.json(page, { headers: { "Cache-Control": "no-store" } });
}
