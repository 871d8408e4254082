import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { isId } from "~/lib/ids";
import { loadCardsByIds, MAX_CARD_IDS } from "~/server/cards.server";

/** Cards for a list of ids (the favourites page): ?ids=a,b,c. Hidden or unknown ids are left out. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const raw = new URL(request.url).searchParams.get("ids") ?? "";
  const ids = raw.split(",").filter(Boolean);
  if (ids.length > MAX_CARD_IDS) return Response.json({ error: `At most ${MAX_CARD_IDS} ids` }, { status: 400 });
  if (!ids.every(isId)) return Response.json({ error: "Malformed modelId" }, { status: 400 });
  const cards = await loadCardsByIds(context.cloudflare.env, [...new Set(ids)]);
  return Response.json({ cards, now: Date.now() }, { headers: { "Cache-Control": "no-store" } });
}
