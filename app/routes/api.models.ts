import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { getSessionUser } from "~/server/auth.server";
import { json, loadCardsPage, methodNotAllowed, readPageParams } from "~/server/public-api.server";

/**
 * GET /api/models?limit=1-100&cursor=…: the search source, card-shaped, in grid order. Visitors get live
 * listings; administrators every listing. Next cursor in X-Next-Cursor.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const env = context.cloudflare.env;
  const params = readPageParams(new URL(request.url));
  if (!params.ok) return params.response;
  const user = await getSessionUser(request, env);
  const { cards, next } = await loadCardsPage(env, params.value, Boolean(user?.isAdmin));
  return json(cards, { headers: next ? { "X-Next-Cursor": next } : {} });
}

export const action = () => methodNotAllowed("GET");
