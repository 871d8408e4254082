import { apiRoute } from "~/features/accounts/api-route.server";
import { cardsPageApi } from "~/features/catalogue/api.server";

/** GET /api/models: the search source, card-shaped, paged by cursor. */
const api = apiRoute({ method: "GET", auth: "none", handler: cardsPageApi });

export const loader = api.loader;
export const action = api.action;
