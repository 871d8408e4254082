import { apiRoute } from "~/server/http/api-route.server";
import { readableAccount } from "~/server/controllers/auth.server";
import { json } from "~/server/http/responses.server";

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
