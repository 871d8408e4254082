import { apiRoute } from "~/features/accounts/api-route.server";
import { suggestApi } from "~/features/catalogue/api.server";

/** GET /api/search/suggest?q=: the header's 'Find by name' suggestions. */
const api = apiRoute({ method: "GET", auth: "none", handler: suggestApi });

export const loader = api.loader;
export const action = api.action;
