import { apiRoute } from "~/features/accounts/api-route.server";
import { toggleFlag } from "~/features/dashboard/api.server";

/** PUT: flips Active Now (or sets it from {active}); refused with 409 unless the listing is live. */
const api = apiRoute({
  method: "PUT",
  auth: "user",
  handler: (call) => toggleFlag(call, "active"),
});

export const loader = api.loader;
export const action = api.action;
