import { apiRoute } from "~/features/accounts/api-route.server";
import { readableAccount } from "~/features/accounts/api.server";
import { json } from "~/platform/http/responses.server";

/** GET: [account] whose first item has agency 'true'/'false' (spec §7). Own account or administrator. */
const api = apiRoute({
  method: "GET",
  auth: "user",
  handler: async ({ env, user, params }) => json([await readableAccount(env, user, params.userId)]),
});

export const loader = api.loader;
export const action = api.action;
