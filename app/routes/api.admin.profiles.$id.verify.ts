import { apiRoute } from "~/features/accounts/api-route.server";
import { adminProfileAction } from "~/features/moderation/api.server";

/** PUT {verify: boolean}: administrators only. Unverifying also takes the listing off the site (live off). */
const api = apiRoute({
  method: "PUT",
  auth: "admin",
  handler: (call) => adminProfileAction(call, "verify"),
});

export const loader = api.loader;
export const action = api.action;
