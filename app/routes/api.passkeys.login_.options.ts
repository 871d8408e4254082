import { apiRoute } from "~/features/accounts/api-route.server";
import { signInOptionsApi } from "~/features/accounts/second-factor/passkeys-api.server";

/** POST: WebAuthn request options for a usernameless sign-in, and the challenge cookie. */
const api = apiRoute({ method: "POST", auth: "none", handler: signInOptionsApi });

export const loader = api.loader;
export const action = api.action;
