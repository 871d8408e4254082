import { apiRoute } from "~/features/accounts/api-route.server";
import { adminProfileAction } from "~/features/moderation/api.server";

/** PUT: administrators only. Flips hot (or sets it from {hot}); the answer carries `hot`. */
const api = apiRoute({
  method: "PUT",
  auth: "admin",
  handler: (call) => adminProfileAction(call, "hot"),
});

export const loader = api.loader;
export const action = api.action;
