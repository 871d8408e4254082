import { apiRoute } from "~/features/accounts/api-route.server";
import { resetPasswordApi } from "~/features/accounts/api.server";

/** POST {newPassword}: spends the token, sets the password and ends every session of the account. */
const api = apiRoute({ method: "POST", auth: "none", handler: resetPasswordApi });

export const loader = api.loader;
export const action = api.action;
