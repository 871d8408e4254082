import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { json, loadLiveProfilesPage, methodNotAllowed, readPageParams } from "~/server/public-api.server";

/**
 * GET /api/LPmodels?limit=1-100&cursor=…: live listings as profiles (spec §3), in grid order. The body is
 * the array the original API answered; the next page's cursor is in X-Next-Cursor (absent on the last).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const params = readPageParams(new URL(request.url));
  if (!params.ok) return params.response;
  const { profiles, next } = await loadLiveProfilesPage(context.cloudflare.env, params.value);
  return json(profiles, { headers: next ? { "X-Next-Cursor": next } : {} });
}

export const action = () => methodNotAllowed("GET");
