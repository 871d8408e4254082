import { apiRoute } from "~/features/accounts/api-route.server";
import { toggleFlag } from "~/features/dashboard/api.server";

/** PUT: flips Live (or sets it from {live}); going live needs a verified listing, going hidden ends Active. */
const api = apiRoute({
  method: "PUT",
  auth: "user",
  handler: (call) => toggleFlag(call, "live"),
});

export const loader = api.loader;
export const action = api.action;
