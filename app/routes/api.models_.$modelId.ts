import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { isId } from "~/lib/ids";
import { getSessionUser } from "~/server/auth.server";
import { loadPublicProfile } from "~/server/profile.server";
import { errorJson, json, methodNotAllowed } from "~/server/public-api.server";

/**
 * GET /api/models/{modelId}: the profile for a non-edit screen, with exactly the visibility of
 * /api/model/{modelId}: live listings for everyone, hidden ones for their owner and administrators, and
 * one 404 for missing, malformed and hidden ids alike. (The trailing _ keeps it out of /api/models' list.)
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { env, ctx } = context.cloudflare;
  const modelId = params.modelId ?? "";
  if (!isId(modelId)) return errorJson(404, "Model not found");
  const user = await getSessionUser(request, env);
  const profile = await loadPublicProfile(env, ctx, modelId, user ? { id: user.id, isAdmin: user.isAdmin } : null);
  if (!profile) return errorJson(404, "Model not found");
  return json(profile);
}

export const action = () => methodNotAllowed("GET");
