import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { readableAccount } from "~/server/account-access.server";
import { jsonNoStore, methodNotAllowed } from "~/server/auth-api.server";

/** GET: [{ accountType }] for the account. Own account or administrator. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const account = await readableAccount(request, context, params.userId);
  return jsonNoStore([{ userId: account.userId, accountType: account.accountType }]);
}

export const action = () => methodNotAllowed("GET");
