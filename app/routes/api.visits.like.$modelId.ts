import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { handleLike, methodNotAllowed } from "~/server/public-api.server";

/** PUT /api/visits/like/{modelId} with {fingerprint}: the same like as POST /api/profiles/{id}/like, idempotent. */
export async function action({ request, params, context }: ActionFunctionArgs) {
  if (request.method.toUpperCase() !== "PUT") return methodNotAllowed("PUT");
  return handleLike(request, context.cloudflare, params.modelId, true);
}

export const loader = () => methodNotAllowed("PUT");
