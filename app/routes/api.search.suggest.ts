import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { loadSuggestions } from "~/server/suggestions.server";
import { json, methodNotAllowed } from "~/server/public-api.server";

/**
 * GET /api/search/suggest?q=: up to 5 live listings for the header's 'Find by name' box, ranked as the
 * search page ranks them. Blank or missing text answers no suggestions; text is capped like the search.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const q = new URL(request.url).searchParams.get("q");
  return json({ suggestions: await loadSuggestions(context.cloudflare.env, q) });
}

export const action = () => methodNotAllowed("GET");
