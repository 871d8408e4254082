import { apiRoute } from "~/features/accounts/api-route.server";
import { registerOptionsApi } from "~/features/accounts/second-factor/passkeys-api.server";

/** POST {currentPassword?}: WebAuthn creation options for the signed-in owner, and the challenge cookie. */
const api = apiRoute({ method: "POST", auth: "user", handler: registerOptionsApi });

export const loader = api.loader;
export const action = api.action;
