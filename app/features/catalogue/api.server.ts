// The public JSON API's controllers: paging parameters, likes and contact clicks. Every answer is
// JSON, never cached (it is about one visitor, or must stop the moment a listing is hidden).
import { isId } from "~/platform/data/ids";
import { decodeCursor, likeBodySchema, parseListLimit } from "./public-api";
import type { ApiCall } from "~/features/accounts/api-route.server";
import { readBody } from "~/platform/http/body.server";
import { overLimit, limiterKey } from "~/platform/http/rate-limit.server";
import { json, jsonError } from "~/platform/http/responses.server";
import { ListingUnavailableError, setLike, countLikes } from "~/features/likes/likes.server";
import { parseFilters, parsePage } from "./filters";
import { gridSlot, INVALID_SLOT, parseSlotParam, SLOT_PARAM } from "./grid-slot";
import { rotationSlot } from "~/features/insights/rotation";
import { parseRegion } from "~/core/regions";
import { getSessionUser } from "~/features/accounts/auth.server";
import { loadCardsByIds, MAX_CARD_IDS } from "~/features/catalogue/cards.server";
import { loadGridPage } from "./grid.server";
import { loadPublicProfile } from "~/features/profile/profile.server";
import { loadCardsPage, loadLiveProfilesPage } from "./public-api.server";
import type { PageParams } from "./public-api.server";
import { loadSuggestions } from "~/features/search/suggestions.server";
import { countingVisitor, reportVisitorKeyError, serverVisitorId } from "~/platform/crypto/visitor-key.server";
import { recordContact } from "~/features/insights/stats.server";
import { ERROR_MSG } from "~/features/site/messages";
import { refererPath } from "~/platform/http/redirects";
import { countEvents } from "~/features/insights/count-queue.server";

// A like body is ~60 bytes; anything past 4 KiB is not a like.
const MAX_LIKE_BYTES = 4096;

/** ?limit and ?cursor, or the 400 answer for a bad one. */
function readPageParams(url: URL): { ok: true; value: PageParams } | { ok: false; response: Response } {
  const limit = parseListLimit(url.searchParams.get("limit"));
  if (limit === null) return { ok: false, response: jsonError(400, "limit must be a whole number from 1 to 100") };
  const rawCursor = url.searchParams.get("cursor");
  if (rawCursor === null || rawCursor === "") return { ok: true, value: { limit, cursor: null } };
  const cursor = decodeCursor(rawCursor);
  if (!cursor) return { ok: false, response: jsonError(400, "Invalid cursor") };
  return { ok: true, value: { limit, cursor } };
}

function failure(status: number, error: string): Response {
  return json({ success: false, error }, { status });
}

/** Likes and contact taps are counted once per visitor a day: without the visitor key they are refused, not miscounted. */
const NOT_COUNTING = "Likes and contact counts are not available right now, please try again later";

/** The request's counting visitor, or null (and the log told) when the visitor key cannot be had. */
async function visitorOf(env: Env, request: Request, now: number): Promise<string | null> {
  try {
    return await countingVisitor(env, request.headers.get("CF-Connecting-IP"), now);
  } catch (error) {
    reportVisitorKeyError(error);
    return null;
  }
}

/**
 * POST/DELETE /api/profiles/{id}/like and PUT /api/visits/like/{id}. Checks, in order: the id's shape,
 * the client's like allowance, the body ({fingerprint}), then writes. Bad input stores nothing.
 * `bodyless` (the PUT, whose payload the spec gives as none): an empty body likes as the anonymous visitor
 * this address and browser are; a body, when sent, is checked as for the POST.
 */
export async function handleLike(
  { request, env, ctx, params }: ApiCall<"none">,
  liked: boolean,
  { bodyless = false } = {},
) {
  const listingId = params.modelId;
  if (!isId(listingId)) return failure(400, ERROR_MSG.invalidListingId);
  // A limiter outage should not stop visitors: likes fail open.
  if (await overLimit(env.LIKE_LIMITER, limiterKey("like", request.headers), "open"))
    return failure(429, "Too many likes, please try again in a minute");
  const body = await readBody(request, { maxBytes: MAX_LIKE_BYTES, accept: ["json"], jsonAnyType: true });
  if (!body.ok) return failure(body.status, body.error);
  const serverMade = bodyless && Object.keys(body.data).length === 0;
  const parsed = serverMade ? null : likeBodySchema.safeParse(body.data);
  if (parsed && !parsed.success) return failure(400, parsed.error.issues[0]?.message ?? "fingerprint is required");
  const now = Date.now();
  const visitor = await visitorOf(env, request, now);
  if (!visitor) return failure(503, NOT_COUNTING);
  const visitorId = parsed?.success ? parsed.data.fingerprint : await serverVisitorId(env, request, now);
  try {
    const result = await setLike(env, listingId, visitorId, liked, now, visitor);
    // The day's insights count a new like once per visitor (decision 0024); an unlike takes none back.
    if (liked && result.changed) countEvents(env, ctx, request, [{ kind: "like", listing: listingId }]);
    // Counts never broadcast: one visitor's likes must not make every open page reload.
    return json({ success: true, liked: result.liked, likes: result.likes });
  } catch (error) {
    if (error instanceof ListingUnavailableError) return failure(404, ERROR_MSG.modelNotFound);
    throw error;
  }
}

/**
 * POST /likes/{id} from the heart's plain HTML form (no JavaScript): likes the listing for this browser as
 * the server tells it apart (no stored visitor id without JavaScript), then sends the browser back to the
 * page it came from. Unliking needs the stored id, so it is for the enhanced button.
 */
export async function likeFromForm(
  request: Request,
  env: Env,
  ctx: Parameters<typeof countEvents>[1],
  listingId: string | undefined,
): Promise<Response> {
  const text = (status: number, message: string) =>
    new Response(message, { status, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  if (!isId(listingId)) return text(400, ERROR_MSG.invalidListingId);
  if (await overLimit(env.LIKE_LIMITER, limiterKey("like", request.headers), "open"))
    return text(429, "Too many likes, please try again in a minute");
  const now = Date.now();
  const visitor = await visitorOf(env, request, now);
  if (!visitor) return text(503, NOT_COUNTING);
  try {
    const result = await setLike(env, listingId, await serverVisitorId(env, request, now), true, now, visitor);
    // Counted as the enhanced button's like is (decision 0024).
    if (result.changed) countEvents(env, ctx, request, [{ kind: "like", listing: listingId }]);
  } catch (error) {
    if (error instanceof ListingUnavailableError) return text(404, ERROR_MSG.modelNotFound);
    throw error;
  }
  const back = refererPath(request.headers.get("Referer"), request.url, `/view/${listingId}`);
  return new Response(null, { status: 303, headers: { Location: back } });
}

/** PUT /api/visits/incrementContact/{id}: one contact click on a live listing; no body is read. */
export async function handleContact({ request, env, ctx, params }: ApiCall<"none">) {
  const listingId = params.modelId;
  if (!isId(listingId)) return failure(400, ERROR_MSG.invalidListingId);
  // Counting contacts fails open too: a limiter outage must not hide a provider's number.
  if (await overLimit(env.WRITE_LIMITER, limiterKey("contact", request.headers), "open"))
    return failure(429, "Too many requests, please try again in a minute");
  // Once per visitor per listing per day: a repeat answers the same, and counts nothing.
  const now = Date.now();
  const visitor = await visitorOf(env, request, now);
  if (!visitor) return failure(503, NOT_COUNTING);
  const counted = await recordContact(env, listingId, now, visitor);
  if (counted === "missing") return failure(404, ERROR_MSG.modelNotFound);
  if (counted === "counted") countEvents(env, ctx, request, [{ kind: "contact", listing: listingId }]);
  return json({ success: true });
}

/**
 * GET /api/LPmodels?limit=1-100&cursor=…: live listings as profiles (spec §3), in grid order. The body is
 * the array the original API answered; the next page's cursor is in X-Next-Cursor (absent on the last).
 */
export async function liveProfilesApi({ request, env }: ApiCall<"none">): Promise<Response> {
  const params = readPageParams(new URL(request.url));
  if (!params.ok) return params.response;
  const { profiles, next } = await loadLiveProfilesPage(env, params.value);
  return json(profiles, { headers: next ? { "X-Next-Cursor": next } : {} });
}

/**
 * GET /api/models?limit=1-100&cursor=…: the search source, card-shaped, in grid order. Visitors get live
 * listings; administrators every listing. Next cursor in X-Next-Cursor.
 */
export async function cardsPageApi({ request, env }: ApiCall<"none">): Promise<Response> {
  const params = readPageParams(new URL(request.url));
  if (!params.ok) return params.response;
  const user = await getSessionUser(request, env);
  const { cards, next } = await loadCardsPage(env, params.value, Boolean(user?.isAdmin));
  return json(cards, { headers: next ? { "X-Next-Cursor": next } : {} });
}

/**
 * GET /api/model/{modelId} (and /api/models/{modelId}): one profile. Missing, malformed and hidden ids all
 * answer the same 404, so the API does not reveal which hidden listings exist. Owners and administrators
 * see hidden ones.
 */
export async function modelApi({ request, env, ctx, params }: ApiCall<"none">): Promise<Response> {
  const listingId = params.modelId ?? "";
  // Shape first: junk ids cost no session or listing query.
  if (!isId(listingId)) return jsonError(404, ERROR_MSG.modelNotFound);
  const user = await getSessionUser(request, env);
  const profile = await loadPublicProfile(env, ctx, listingId, user ? { id: user.id, isAdmin: user.isAdmin } : null);
  if (!profile) return jsonError(404, ERROR_MSG.modelNotFound);
  // The like count rides along so an open profile can refresh it on a realtime update.
  return json({ ...profile, likes: await countLikes(env, listingId) });
}

/**
 * GET /api/grid: next pages of the grid for endless scroll (or a refresh of `pages` pages at once): cards
 * only, in the rotation slot `slot` names while it is recent (grid-slot.ts; not a number: 400). An
 * administrator's pages include hidden listings, as their grid does; everyone else gets live ones.
 */
export async function gridApi({ request, env }: ApiCall<"none">): Promise<Response> {
  const url = new URL(request.url);
  const regionParam = url.searchParams.get("region");
  const region = parseRegion(regionParam);
  if (regionParam && !region) return jsonError(400, "Unknown region");
  const asked = parseSlotParam(url.searchParams.get(SLOT_PARAM));
  if (asked === "invalid") return jsonError(400, INVALID_SLOT);
  const viewer = await getSessionUser(request, env).catch(() => null);
  const now = Date.now();
  // A slot too old to keep (or still to come) is read as the current one: the answer's `slot` says which
  // order its cards are in, and a browser that asked for another reads its pages again (useGridPages).
  const page = await loadGridPage(env, {
    includeHidden: viewer?.isAdmin === true,
    region,
    filters: parseFilters(url.searchParams),
    page: parsePage(url.searchParams.get("page")),
    pages: parsePage(url.searchParams.get("pages")),
    now,
    slot: gridSlot(asked, rotationSlot(now)),
  });
  return json(page);
}

/** GET /api/cards?ids=a,b,c: cards for the favourites page. Hidden or unknown ids are left out. */
export async function cardsByIdsApi({ request, env }: ApiCall<"none">): Promise<Response> {
  const raw = new URL(request.url).searchParams.get("ids") ?? "";
  const ids = raw.split(",").filter(Boolean);
  if (ids.length > MAX_CARD_IDS) return jsonError(400, `At most ${MAX_CARD_IDS} ids`);
  if (!ids.every(isId)) return jsonError(400, "Malformed modelId");
  return json({ cards: await loadCardsByIds(env, [...new Set(ids)]), now: Date.now() });
}

/**
 * GET /api/search/suggest?q=: up to 5 live listings for the header's 'Find by name' box, ranked as the
 * search page ranks them. Blank or missing text answers no suggestions; text is capped like the search.
 */
export async function suggestApi({ request, env }: ApiCall<"none">): Promise<Response> {
  return json({ suggestions: await loadSuggestions(env, new URL(request.url).searchParams.get("q")) });
}
