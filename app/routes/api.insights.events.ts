import { apiRoute } from "~/features/accounts/api-route.server";
import { handleBeacon } from "~/features/insights/beacon.server";

/** POST /api/insights/events: batched card impressions, photo opens and favourites (docs/decisions/0024). */
const api = apiRoute({ method: "POST", auth: "none", handler: handleBeacon });

export const loader = api.loader;
export const action = api.action;
