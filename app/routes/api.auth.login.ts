import { apiRoute } from "~/features/accounts/api-route.server";
import { loginApi } from "~/features/accounts/api.server";

/** POST {email, password} (JSON or form): the user object and a new session cookie. */
const api = apiRoute({ method: "POST", auth: "none", handler: loginApi });

export const loader = api.loader;
export const action = api.action;
