import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { methodNotAllowed } from "~/server/request-body.server";
import { deleteAccountApi } from "~/server/owner-api.server";

/** DELETE: removes the signed-in user's own account and every listing of it, and signs out; {success: true}. */
export async function action({ request, params, context }: ActionFunctionArgs) {
  if (request.method.toUpperCase() !== "DELETE") return methodNotAllowed("DELETE");
  return deleteAccountApi(request, context, params.userId);
}

export const loader = () => methodNotAllowed("DELETE");
