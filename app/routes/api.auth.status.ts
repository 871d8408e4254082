import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { jsonNoStore, methodNotAllowed } from "~/server/auth-api.server";
import { requireUserApi, toApiUser } from "~/server/auth.server";

/** GET: the signed-in user (with userId), or 401 {error}. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUserApi(request, context);
  return jsonNoStore(toApiUser(user));
}

export const action = () => methodNotAllowed("GET");
