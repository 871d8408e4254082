import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { originOf } from "~/lib/seo";
import { robotsTxt } from "~/lib/sitemap";

export async function loader({ request }: LoaderFunctionArgs) {
  return new Response(robotsTxt(originOf(request.url)), {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=86400" },
  });
}
