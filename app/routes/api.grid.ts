import { apiRoute } from "~/features/accounts/api-route.server";
import { gridApi } from "~/features/catalogue/api.server";

/** GET /api/grid: the next pages of the grid for endless scroll and realtime refreshes. */
const api = apiRoute({ method: "GET", auth: "none", handler: gridApi });

export const loader = api.loader;
export const action = api.action;
