import { apiRoute } from "~/server/http/api-route.server";
import { signInOptionsApi } from "~/server/controllers/passkeys.server";

/** POST: WebAuthn request options for a usernameless sign-in, and the challenge cookie. */
const api = apiRoute({ method: "POST", auth: "none", handler: signInOptionsApi });

export const loader = api.loader;
export const action = api.action;
