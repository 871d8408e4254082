import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { methodNotAllowed } from "~/server/request-body.server";
import { ownerProfile } from "~/server/owner-api.server";

/** GET: the owner's own listing for the editor (hidden ones too), the profile shape plus lastName. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  return ownerProfile(request, context, params.id);
}

export const action = () => methodNotAllowed("GET");
