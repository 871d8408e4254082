import { apiRoute } from "~/features/accounts/api-route.server";
import { requestResetApi } from "~/features/accounts/api.server";

/** POST {email}: the same answer whether or not the account exists. */
const api = apiRoute({ method: "POST", auth: "none", handler: requestResetApi });

export const loader = api.loader;
export const action = api.action;
