import { apiRoute } from "~/features/accounts/api-route.server";
import { secondFactorApi } from "~/features/accounts/api.server";

/** POST {code} or {recoveryCode, password} with the pending sign-in cookie: the user object and a session. */
const api = apiRoute({ method: "POST", auth: "none", handler: secondFactorApi });

export const loader = api.loader;
export const action = api.action;
