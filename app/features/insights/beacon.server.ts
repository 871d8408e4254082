// POST /api/insights/events: the grid's and the profile's batched beacon (card impressions, photo opens,
// favourites). It only checks the body and hands the events to the count queue: no D1 on this path either.
import type { ApiCall } from "~/features/accounts/api-route.server";
import { readBody } from "~/platform/http/body.server";
import { overLimit, limiterKey } from "~/platform/http/rate-limit.server";
import { jsonError } from "~/platform/http/responses.server";
import { isSignedIn } from "~/platform/page-cache/page-cache.server";
import { parseBeacon } from "./count-events";
import { countEvents } from "./count-queue.server";

const MAX_BEACON_BYTES = 8192;

export async function handleBeacon({ request, env, ctx }: ApiCall<"none">): Promise<Response> {
  // A flood counts nothing twice (one mark per visitor, listing and day) but would fill the queue.
  if (await overLimit(env.WRITE_LIMITER, limiterKey("insights", request.headers), "open"))
    return jsonError(429, "Too many requests, please try again in a minute");
  // navigator.sendBeacon sends text/plain: the body is read as JSON whatever its type says.
  const body = await readBody(request, { maxBytes: MAX_BEACON_BYTES, accept: ["json"], jsonAnyType: true });
  if (!body.ok) return jsonError(body.status, body.error);
  const parsed = parseBeacon(body.data);
  if (!parsed.ok) return jsonError(400, parsed.error);
  // Providers and administrators looking at the grid are not the audience the counts are for.
  if (!isSignedIn(request.headers.get("Cookie"))) countEvents(env, ctx, request, parsed.events);
  return new Response(null, { status: 204 });
}
