import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { methodNotAllowed } from "~/server/request-body.server";
import { toggleFlag } from "~/server/owner-api.server";

/** PUT: flips Active Now (or sets it from {active}); refused with 409 unless the listing is live. */
export async function action({ request, params, context }: ActionFunctionArgs) {
  if (request.method.toUpperCase() !== "PUT") return methodNotAllowed("PUT");
  return toggleFlag(request, context, params.modelId, "active");
}

export const loader = () => methodNotAllowed("PUT");
