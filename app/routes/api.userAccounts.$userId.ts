import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { readableAccount } from "~/server/account-access.server";
import { jsonNoStore, methodNotAllowed } from "~/server/auth-api.server";

/** GET: [account] whose first item has agency 'true'/'false' (spec §7). Own account or administrator. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const account = await readableAccount(request, context, params.userId);
  return jsonNoStore([account]);
}

export const action = () => methodNotAllowed("GET");
