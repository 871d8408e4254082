import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { isId } from "~/lib/ids";
import { getSessionUser } from "~/server/auth.server";
import { countLikes } from "~/server/likes.server";
import { loadPublicProfile } from "~/server/profile.server";
import { errorJson, json, methodNotAllowed } from "~/server/public-api.server";

/**
 * GET /api/model/{modelId}: one profile. Missing, malformed and hidden ids all answer the same 404, so
 * the API does not reveal which hidden listings exist. Owners and administrators see hidden ones.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { env, ctx } = context.cloudflare;
  const modelId = params.modelId ?? "";
  // Shape first: junk ids cost no session or listing query.
  if (!isId(modelId)) return errorJson(404, "Model not found");
  const user = await getSessionUser(request, env);
  const profile = await loadPublicProfile(env, ctx, modelId, user ? { id: user.id, isAdmin: user.isAdmin } : null);
  if (!profile) return errorJson(404, "Model not found");
  // The like count rides along so an open profile can refresh it on a realtime update.
  return json({ ...profile, likes: await countLikes(env, modelId) });
}

export const action = () => methodNotAllowed("GET");
