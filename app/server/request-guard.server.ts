// The Worker entry's guards around every request: body size before any route reads it, and the headers
// every answer carries (nosniff; private, no-store for anyone signed in).
import { hasSessionCookie } from "~/lib/auth-session";
import { bodyLimit, declaredTooLarge, SMALL_BODY_BYTES } from "~/lib/request-limits";
import { cookieIsSecure } from "./auth.server";

const TOO_LARGE = "Request body is too large";

function tooLarge(): Response {
  return Response.json({ error: TOO_LARGE }, { status: 413, headers: { "Cache-Control": "no-store", "X-Content-Type-Options": "nosniff", Connection: "close" } });
}

/** Reads at most `limit` bytes; null when the body is longer (it is not read further). */
async function readAtMost(body: ReadableStream<Uint8Array>, limit: number): Promise<Uint8Array<ArrayBuffer> | null> {
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => {});
      return null;
    }
    chunks.push(value);
  }
  const out = new Uint8Array(new ArrayBuffer(size));
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.byteLength;
  }
  return out;
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
  const bytes = await readAtMost(request.body, limit);
  if (!bytes) return tooLarge();
  // The same request (method, headers, and Cloudflare's `cf`) with the bytes already read as its body.
  return new Request(request, { body: bytes }) as unknown as R;
}

/** Headers every answer gets on its way out. WebSocket upgrades pass untouched. */
export function finishResponse(request: Request, response: Response, env: Pick<Env, "APP_ENV">): Response {
  if (response.status === 101 || response.webSocket) return response;
  const signedIn = hasSessionCookie(request.headers.get("Cookie"), cookieIsSecure(env));
  const needsNosniff = response.headers.get("X-Content-Type-Options") !== "nosniff";
  const cache = response.headers.get("Cache-Control") ?? "";
  // Whatever a signed-in person is shown (an admin grid, their hidden listing) stays out of every cache.
  const needsPrivate = signedIn && !/\bno-store\b/.test(cache);
  if (!needsNosniff && !needsPrivate) return response;
  const out = new Response(response.body, response);
  if (needsNosniff) out.headers.set("X-Content-Type-Options", "nosniff");
  if (needsPrivate) out.headers.set("Cache-Control", "private, no-store");
  return out;
}
