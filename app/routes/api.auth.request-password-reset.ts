import { apiRoute } from "~/server/http/api-route.server";
import { requestResetApi } from "~/server/controllers/auth.server";

/** POST {email}: the same answer whether or not the account exists. */
const api = apiRoute({ method: "POST", auth: "none", handler: requestResetApi });

export const loader = api.loader;
export const action = api.action;
