import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { originOf, robotsTxt } from "~/lib/seo";

export async function loader({ request }: LoaderFunctionArgs) {
  return new Response(robotsTxt(originOf(request.url)), {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=86400" },
  });
}
