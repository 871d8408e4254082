// The Worker entry's guards around every request: body size before any route reads it, and the headers
// every answer carries (nosniff; HSTS in production; private, no-store for anyone signed in). Static files
// never reach the Worker: theirs are in public/_headers.
import { hasSessionCookie } from "./token-cookie.server";
import { bodyLimit, declaredTooLarge, SMALL_BODY_BYTES } from "./request-limits";
import { cookieIsSecure, isDevelopment } from "~/platform/env";
import { readBytes } from "./body.server";
import { STRICT_TRANSPORT_SECURITY } from "./security-headers.server";
import { saysNoStore } from "./page-answer";

const TOO_LARGE = "Request body is too large";

function tooLarge(): Response {
  return Response.json(
    { error: TOO_LARGE },
    { status: 413, headers: { "Cache-Control": "no-store", "X-Content-Type-Options": "nosniff", Connection: "close" } },
  );
}

/**
 * The request with its body bounded, or a 413. A declared length over the limit is refused unread; a small
 * body is read here, up to the limit, so no route can be made to read an endless one. File bodies pass on
 * to their routes' streaming readers, which enforce their own caps.
 */
export async function boundBody<R extends Request>(request: R): Promise<R | Response> {
  if (!request.body || request.method === "GET" || request.method === "HEAD") return request;
  const limit = bodyLimit(new URL(request.url).pathname, request.headers.get("Content-Type"));
  if (declaredTooLarge(request.headers.get("Content-Length"), limit)) return tooLarge();
  if (limit > SMALL_BODY_BYTES) return request;
  const read = await readBytes(request, limit, TOO_LARGE);
  if (!read.ok) return read.status === 413 ? tooLarge() : Response.json({ error: read.error }, { status: read.status });
  const bytes = read.bytes;
  // The same request (method, headers, and Cloudflare's `cf`) with the bytes already read as its body.
  return new Request(request, { body: bytes }) as unknown as R;
}

/** Headers every answer gets on its way out. WebSocket upgrades pass untouched. */
export function finishResponse(request: Request, response: Response, env: Pick<Env, "APP_ENV">): Response {
  if (response.status === 101 || response.webSocket) return response;
  const signedIn = hasSessionCookie(request.headers.get("Cookie"), cookieIsSecure(env));
  const needsNosniff = response.headers.get("X-Content-Type-Options") !== "nosniff";
  // HSTS on every answer, not only pages: a browser whose first request here is for JSON, a photo or a
  // redirect learns it too, and no answer leaves a gap in it (docs/accounts.md, "Safe defaults").
  const needsHsts =
    !isDevelopment(env) && response.headers.get("Strict-Transport-Security") !== STRICT_TRANSPORT_SECURITY;
  const cache = response.headers.get("Cache-Control") ?? "";
  // Whatever a signed-in person is shown (an admin grid, their hidden listing) stays out of every cache.
  const needsPrivate = signedIn && !saysNoStore(cache);
  if (!needsNosniff && !needsHsts && !needsPrivate) return response;
  const out = new Response(response.body, response);
  if (needsNosniff) out.headers.set("X-Content-Type-Options", "nosniff");
  if (needsHsts) out.headers.set("Strict-Transport-Security", STRICT_TRANSPORT_SECURITY);
  if (needsPrivate) out.headers.set("Cache-Control", "private, no-store");
  return out;
}
