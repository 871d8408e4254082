import { apiRoute } from "~/server/http/api-route.server";
import { registerOptionsApi } from "~/server/controllers/passkeys.server";

/** POST {currentPassword?}: WebAuthn creation options for the signed-in owner, and the challenge cookie. */
const api = apiRoute({ method: "POST", auth: "user", handler: registerOptionsApi });

export const loader = api.loader;
export const action = api.action;
