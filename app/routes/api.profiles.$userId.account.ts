import { apiRoute } from "~/features/accounts/api-route.server";
import { deleteAccountApi } from "~/features/dashboard/api.server";

/** DELETE: removes the signed-in user's own account and every listing of it, and signs out; {success: true}. */
const api = apiRoute({ method: "DELETE", auth: "user", handler: deleteAccountApi });

export const loader = api.loader;
export const action = api.action;
