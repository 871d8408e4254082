import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { handleLike, methodNotAllowed } from "~/server/public-api.server";

/**
 * PUT /api/visits/like/{modelId}: the same like as POST /api/profiles/{id}/like, idempotent. The spec gives
 * it no payload: an empty body likes as this address and browser; {fingerprint} works as for the POST.
 */
export async function action({ request, params, context }: ActionFunctionArgs) {
  if (request.method.toUpperCase() !== "PUT") return methodNotAllowed("PUT");
  return handleLike(request, context.cloudflare, params.modelId, true, { bodyless: true });
}

export const loader = () => methodNotAllowed("PUT");
