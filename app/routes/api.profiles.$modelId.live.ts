import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { methodNotAllowed } from "~/server/request-body.server";
import { toggleFlag } from "~/server/owner-api.server";

/** PUT: flips Live (or sets it from {live}); going live needs a verified listing, going hidden ends Active. */
export async function action({ request, params, context }: ActionFunctionArgs) {
  if (request.method.toUpperCase() !== "PUT") return methodNotAllowed("PUT");
  return toggleFlag(request, context, params.modelId, "live");
}

export const loader = () => methodNotAllowed("PUT");
