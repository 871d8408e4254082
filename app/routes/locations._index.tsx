import { redirect } from "@remix-run/cloudflare";
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { parseRegion, regionPath } from "~/core/regions";

/** Target of the region dropdown's no-JavaScript form: /locations?region=Auckland. */
export async function loader({ request }: LoaderFunctionArgs) {
  const region = parseRegion(new URL(request.url).searchParams.get("region"));
  throw redirect(region ? regionPath(region) : "/");
}
