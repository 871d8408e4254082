import { apiRoute } from "~/features/accounts/api-route.server";
import { signInApi } from "~/features/accounts/second-factor/passkeys-api.server";

/** POST {response, redirectTo?}: signs in with a passkey (a session with a second factor); {redirectTo}. */
const api = apiRoute({ method: "POST", auth: "none", handler: signInApi });

export const loader = api.loader;
export const action = api.action;
