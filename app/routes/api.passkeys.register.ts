import { apiRoute } from "~/features/accounts/api-route.server";
import { registerApi } from "~/features/accounts/second-factor/passkeys-api.server";

/** POST {name?, response}: stores the verified passkey; 201 {passkey}. */
const api = apiRoute({ method: "POST", auth: "user", handler: registerApi });

export const loader = api.loader;
export const action = api.action;
