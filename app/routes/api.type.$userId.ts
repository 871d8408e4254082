import { apiRoute } from "~/features/accounts/api-route.server";
import { readableAccount } from "~/features/accounts/api.server";
import { json } from "~/platform/http/responses.server";

/** GET: [{ accountType }] for the account. Own account or administrator. */
const api = apiRoute({
  method: "GET",
  auth: "user",
  handler: async ({ env, user, params }) => {
    const account = await readableAccount(env, user, params.userId);
    return json([{ userId: account.userId, accountType: account.accountType }]);
  },
});

export const loader = api.loader;
export const action = api.action;
