import { apiRoute } from "~/server/http/api-route.server";
import { registerApi } from "~/server/controllers/passkeys.server";

/** POST {name?, response}: stores the verified passkey; 201 {passkey}. */
const api = apiRoute({ method: "POST", auth: "user", handler: registerApi });

export const loader = api.loader;
export const action = api.action;
