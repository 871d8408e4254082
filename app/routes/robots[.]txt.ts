import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { originOf } from "~/features/site/seo";
import { robotsTxt } from "~/features/site/sitemap";

export async function loader({ request }: LoaderFunctionArgs) {
  return new Response(robotsTxt(originOf(request.url)), {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=86400" },
  });
}
