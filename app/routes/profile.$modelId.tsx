import { redirect } from "@remix-run/cloudflare";
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";

/** Side menu and search links use /profile/{id}; the profile lives at /view/{id}. */
export async function loader({ params }: LoaderFunctionArgs) {
  throw redirect(`/view/${encodeURIComponent(params.modelId ?? "")}`, 301);
}
