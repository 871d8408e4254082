import { apiRoute } from "~/server/http/api-route.server";
import { signupApi } from "~/server/controllers/auth.server";

/**
 * POST {accountType, agency, firstName, lastName, email, password}: the new user object, logged in.
 * accountType is ignored (always 'unpaid'). An e-mail that already has an account gets the same 201
 * answer without a session (docs/decisions/0002-signup-enumeration.md).
 */
const api = apiRoute({ method: "POST", auth: "none", handler: signupApi });

export const loader = api.loader;
export const action = api.action;
