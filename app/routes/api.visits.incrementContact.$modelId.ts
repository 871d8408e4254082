import { apiRoute } from "~/features/accounts/api-route.server";
import { handleContact } from "~/features/catalogue/api.server";

/** PUT /api/visits/incrementContact/{modelId}: counts a contact click (sent before the SMS app opens). */
const api = apiRoute({ method: "PUT", auth: "none", handler: handleContact });

export const loader = api.loader;
export const action = api.action;
