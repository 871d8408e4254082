import { apiRoute } from "~/features/accounts/api-route.server";
import { signupApi } from "~/features/accounts/api.server";

/**
 * POST {accountType, agency, firstName, lastName, email, password}: 201 {message} asking to confirm the
 * address, the same for every address; nobody is signed in (docs/decisions/0010-confirmed-signup.md).
 */
const api = apiRoute({ method: "POST", auth: "none", handler: signupApi });

export const loader = api.loader;
export const action = api.action;
