import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { methodNotAllowed } from "~/server/request-body.server";
import { deleteListingApi } from "~/server/owner-api.server";

/** DELETE: removes the listing with its photos and snapshot. Its owner or an administrator; {success: true}. */
export async function action({ request, params, context }: ActionFunctionArgs) {
  if (request.method.toUpperCase() !== "DELETE") return methodNotAllowed("DELETE");
  return deleteListingApi(request, context, params.modelId);
}

export const loader = () => methodNotAllowed("DELETE");
