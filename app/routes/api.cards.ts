import { apiRoute } from "~/features/accounts/api-route.server";
import { cardsByIdsApi } from "~/features/catalogue/api.server";

/** GET /api/cards?ids=…: cards for the favourites page. */
const api = apiRoute({ method: "GET", auth: "none", handler: cardsByIdsApi });

export const loader = api.loader;
export const action = api.action;
