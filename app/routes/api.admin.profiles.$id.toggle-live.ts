import { apiRoute } from "~/features/accounts/api-route.server";
import { adminProfileAction } from "~/features/moderation/api.server";

/** PUT: administrators only. Flips live (or sets it from {live}); only a verified listing can go live. */
const api = apiRoute({
  method: "PUT",
  auth: "admin",
  handler: (call) => adminProfileAction(call, "live"),
});

export const loader = api.loader;
export const action = api.action;
