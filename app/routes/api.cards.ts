import { apiRoute } from "~/server/http/api-route.server";
import { cardsByIdsApi } from "~/server/controllers/public.server";

/** GET /api/cards?ids=…: cards for the favourites page. */
const api = apiRoute({ method: "GET", auth: "none", handler: cardsByIdsApi });

export const loader = api.loader;
export const action = api.action;
