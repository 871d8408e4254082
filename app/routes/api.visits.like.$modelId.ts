import { apiRoute } from "~/features/accounts/api-route.server";
import { handleLike } from "~/features/catalogue/api.server";

/**
 * PUT /api/visits/like/{modelId}: the same like as POST /api/profiles/{id}/like, idempotent. The spec gives
 * it no payload: an empty body likes as this address and browser; {fingerprint} works as for the POST.
 */
const api = apiRoute({
  method: "PUT",
  auth: "none",
  handler: (call) => handleLike(call, true, { bodyless: true }),
});

export const loader = api.loader;
export const action = api.action;
