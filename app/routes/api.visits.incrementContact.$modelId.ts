import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { handleContact, methodNotAllowed } from "~/server/public-api.server";

/** PUT /api/visits/incrementContact/{modelId}: counts a contact click (sent before the SMS app opens). */
export async function action({ request, params, context }: ActionFunctionArgs) {
  if (request.method.toUpperCase() !== "PUT") return methodNotAllowed("PUT");
  return handleContact(request, context.cloudflare, params.modelId);
}

export const loader = () => methodNotAllowed("PUT");
