import { apiRoute } from "~/server/http/api-route.server";
import { deleteAccountApi } from "~/server/controllers/owner.server";

/** DELETE: removes the signed-in user's own account and every listing of it, and signs out; {success: true}. */
const api = apiRoute({ method: "DELETE", auth: "user", handler: deleteAccountApi });

export const loader = api.loader;
export const action = api.action;
