import { apiRoute } from "~/features/accounts/api-route.server";
import { deleteListingApi } from "~/features/dashboard/api.server";

/** DELETE: removes the listing with its photos and snapshot. Its owner or an administrator; {success: true}. */
const api = apiRoute({ method: "DELETE", auth: "user", handler: deleteListingApi });

export const loader = api.loader;
export const action = api.action;
