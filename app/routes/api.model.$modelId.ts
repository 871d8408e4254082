import { apiRoute } from "~/features/accounts/api-route.server";
import { modelApi } from "~/features/catalogue/api.server";

/** GET /api/model/{modelId}: one profile, or the same 404 for missing, malformed and hidden ids. */
const api = apiRoute({ method: "GET", auth: "none", handler: modelApi });

export const loader = api.loader;
export const action = api.action;
