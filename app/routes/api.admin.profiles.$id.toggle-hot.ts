import { apiRoute } from "~/server/http/api-route.server";
import { adminProfileAction } from "~/server/controllers/admin.server";

/** PUT: administrators only. Flips hot (or sets it from {hot}); the answer carries `hot`. */
const api = apiRoute({
  method: "PUT",
  auth: "admin",
  handler: (call) => adminProfileAction(call, "hot"),
});

export const loader = api.loader;
export const action = api.action;
