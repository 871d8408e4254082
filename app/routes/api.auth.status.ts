import { apiRoute } from "~/features/accounts/api-route.server";
import { toApiUser } from "~/core/session-user";
import { json } from "~/platform/http/responses.server";

/** GET: the signed-in user (with userId), or 401 {error}. */
const api = apiRoute({
  method: "GET",
  auth: "user",
  handler: ({ user }) => json(toApiUser(user)),
});

export const loader = api.loader;
export const action = api.action;
