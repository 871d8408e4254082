import { apiRoute } from "~/server/http/api-route.server";
import { toggleFlag } from "~/server/controllers/owner.server";

/** PUT: flips Active Now (or sets it from {active}); refused with 409 unless the listing is live. */
const api = apiRoute({
  method: "PUT",
  auth: "user",
  handler: (call) => toggleFlag(call, "active"),
});

export const loader = api.loader;
export const action = api.action;
