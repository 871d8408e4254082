import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { handleLike, methodNotAllowed } from "~/server/public-api.server";

/** POST likes, DELETE unlikes; body {fingerprint}. Answers {success, liked, likes} or {success: false, error}. */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const method = request.method.toUpperCase();
  if (method !== "POST" && method !== "DELETE") return methodNotAllowed("POST, DELETE");
  return handleLike(request, context.cloudflare, params.modelId, method === "POST");
}

export const loader = () => methodNotAllowed("POST, DELETE");
