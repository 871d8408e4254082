import { apiRoute } from "~/server/http/api-route.server";
import { handleContact } from "~/server/controllers/public.server";

/** PUT /api/visits/incrementContact/{modelId}: counts a contact click (sent before the SMS app opens). */
const api = apiRoute({ method: "PUT", auth: "none", handler: handleContact });

export const loader = api.loader;
export const action = api.action;
