import { apiRoute } from "~/server/http/api-route.server";
import { loginApi } from "~/server/controllers/auth.server";

/** POST {email, password} (JSON or form): the user object and a new session cookie. */
const api = apiRoute({ method: "POST", auth: "none", handler: loginApi });

export const loader = api.loader;
export const action = api.action;
