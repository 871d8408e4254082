import { apiRoute } from "~/server/http/api-route.server";
import { signInApi } from "~/server/controllers/passkeys.server";

/** POST {response, redirectTo?}: signs in with a passkey (a session with a second factor); {redirectTo}. */
const api = apiRoute({ method: "POST", auth: "none", handler: signInApi });

export const loader = api.loader;
export const action = api.action;
