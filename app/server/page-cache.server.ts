// The page cache: anonymous public pages and JSON from the Workers Cache API, keyed by versions that D1
// triggers bump on every write that could change them (docs/decisions/0012-page-cache.md). Anyone with a
// session cookie is rendered fresh and never stored; so is any response that sets a cookie.
import { isbot } from "isbot";
import { hasAgeCookie } from "~/lib/age-gate";
import { pageCacheKey, planPageCache, type CachePlan } from "~/lib/page-cache-key";
import { nzDate } from "~/lib/nz-time";
import { newNonce } from "./security.server";
import { hasSessionCookie } from "./session-cookie.server";
import { countingVisitor } from "./site-secrets.server";
import { recordView } from "./stats.server";

/** A named cache: the zone's default cache (and a purge of it) never mixes with these entries. */
const CACHE_NAME = "pages";
/** The browser's Cache-Control as rendered, kept beside the one that sets the copy's TTL. */
const ORIGINAL_CACHE_CONTROL = "X-Page-Cache-Control";
export const CACHE_STATUS_HEADER = "X-Cache";
/**
 * Set on a render whose answer may be stored (and stripped from what visitors send): its D1 reads must be at
 * least as new as the versions read for its key, so once reads go through D1 sessions such a render must
 * start from "first-primary" (docs/decisions/0012-page-cache.md, read replicas).
 */
export const CACHE_FILL_HEADER = "X-Page-Cache-Fill";

/** True for a render the page cache may store: read from the primary, never from a lagging replica. */
export function isCacheFill(request: Request): boolean {
  return request.headers.get(CACHE_FILL_HEADER) === "1";
}

type Render = (request: Request) => Promise<Response>;

/** Either session cookie name, whatever the environment: a cookie that might sign someone in bypasses. */
export function isSignedIn(cookieHeader: string | null): boolean {
  return hasSessionCookie(cookieHeader, true) || hasSessionCookie(cookieHeader, false);
}

/**
 * The answer for `request`: from the cache when a copy for the current versions is there, else rendered by
 * `render` (and stored when it may be). Requests that may not be cached go straight to `render`.
 */
export async function servePageCached(
  request: Request,
  env: Pick<Env, "DB">,
  ctx: ExecutionContext,
  build: string,
  render: Render,
): Promise<Response> {
  if (request.headers.has(CACHE_FILL_HEADER)) {
    request = new Request(request);
    request.headers.delete(CACHE_FILL_HEADER);
  }
  if (request.method !== "GET") return render(request);
  const cookie = request.headers.get("Cookie");
  if (isSignedIn(cookie)) return render(request);
  const url = new URL(request.url);
  const plan = planPageCache(url);
  if (!plan) return render(request);
  const versions = await readVersions(env, plan.scopes);
  // No versions (a read failed, or the listing has no row): no way to know a copy is current. Render, keep nothing.
  if (!versions) return render(request);
  const cf = request.cf as { city?: unknown } | undefined;
  const city = typeof cf?.city === "string" ? cf.city : null;
  const variant = { ageVerified: hasAgeCookie(cookie), city, today: nzDate(Date.now()) };
  const key = new Request(pageCacheKey(url.origin, plan, variant, build, versions));
  const cache = await caches.open(CACHE_NAME);
  const hit = await cache.match(key).catch((error: unknown) => {
    console.error("page cache: read failed", error);
    return undefined;
  });
  if (hit) {
    countView(request, env, ctx, plan);
    return fromCache(hit, plan);
  }
  // The page is rendered from its canonical URL, so the copy is exactly what the key names (a dropped
  // tracker parameter cannot end up in a link on it).
  const canonical = new Request(new URL(plan.path, url.origin), request);
  canonical.headers.set(CACHE_FILL_HEADER, "1");
  const response = await render(canonical);
  if (!storable(response, plan)) return withStatus(response, "BYPASS");
  const [toClient, toCache] = response.body ? response.body.tee() : [null, null];
  ctx.waitUntil(
    store(cache, key, new Response(toCache, response), plan).catch((error: unknown) =>
      console.error("page cache: write failed", error),
    ),
  );
  return withStatus(new Response(toClient, response), "MISS");
}

async function readVersions(env: Pick<Env, "DB">, scopes: string[]): Promise<number[] | null> {
  if (!scopes.length) return [];
  try {
    // Always the primary (no Sessions API bookmark): a replica could still hold the version before a hide.
    const { results } = await env.DB.prepare(
      `SELECT scope, version FROM page_cache_versions WHERE scope IN (${scopes.map(() => "?").join(", ")})`,
    )
      .bind(...scopes)
      .all<{ scope: string; version: number }>();
    const found = new Map(results.map((r) => [r.scope, r.version]));
    // A listing without a row is deleted (or being made): its page is a 404, or will have a row soon.
    if (scopes.some((s) => !found.has(s))) return null;
    return scopes.map((s) => found.get(s)!);
  } catch (error) {
    console.error("page cache: version read failed", error);
    return null;
  }
}

/** Only a whole, public, cookie-free success: never a redirect, an error page or anything private. */
function storable(response: Response, plan: CachePlan): boolean {
  if (response.status !== 200 || !response.body) return false;
  if (response.headers.has("Set-Cookie")) return false;
  const cacheControl = response.headers.get("Cache-Control") ?? "";
  if (/\bprivate\b/i.test(cacheControl)) return false;
  // Pages mark a partial render (a list that failed to load) no-store. JSON is always no-store to browsers:
  // its copies here are safe because the key carries the versions.
  if (plan.html && /\bno-store\b/i.test(cacheControl)) return false;
  const type = response.headers.get("Content-Type") ?? "";
  return plan.html ? type.startsWith("text/html") : type.startsWith("application/json");
}

async function store(cache: Cache, key: Request, response: Response, plan: CachePlan): Promise<void> {
  const body = await response.text();
  const headers = new Headers(response.headers);
  if (plan.html) {
    // A copy whose nonce shows up anywhere but in nonce attributes could not be given a fresh one: skip it.
    // (A page without a nonce, should the policy move to hashes, has nothing to rewrite.)
    const nonce = cspNonce(headers.get("Content-Security-Policy"));
    if (nonce ? body.split(nonce).length !== body.split(`nonce="${nonce}"`).length : body.includes(" nonce=")) return;
  }
  headers.set(ORIGINAL_CACHE_CONTROL, headers.get("Cache-Control") ?? "");
  headers.set("Cache-Control", `public, max-age=${plan.ttlSeconds}`);
  headers.delete("Vary");
  headers.delete(CACHE_STATUS_HEADER);
  await cache.put(key, new Response(body, { status: response.status, headers }));
}

function cspNonce(csp: string | null): string | null {
  return /'nonce-([^']+)'/.exec(csp ?? "")?.[1] ?? null;
}

/** The stored copy as the browser would have got it, with a nonce of its own. */
function fromCache(hit: Response, plan: CachePlan): Response {
  const headers = new Headers(hit.headers);
  const original = headers.get(ORIGINAL_CACHE_CONTROL);
  headers.delete(ORIGINAL_CACHE_CONTROL);
  if (original) headers.set("Cache-Control", original);
  else headers.delete("Cache-Control");
  // The Cache API's own bookkeeping is not the page's.
  headers.delete("Age");
  headers.delete("CF-Cache-Status");
  headers.set(CACHE_STATUS_HEADER, "HIT");
  const csp = headers.get("Content-Security-Policy");
  if (!plan.html || !cspNonce(csp)) return new Response(hit.body, { status: hit.status, headers });
  const nonce = newNonce();
  headers.set("Content-Security-Policy", csp!.replace(/'nonce-[^']+'/g, `'nonce-${nonce}'`));
  return new HTMLRewriter()
    .on("[nonce]", {
      element(element) {
        element.setAttribute("nonce", nonce);
      },
    })
    .transform(new Response(hit.body, { status: hit.status, headers }));
}

function withStatus(response: Response, status: "MISS" | "BYPASS"): Response {
  const out = new Response(response.body, response);
  out.headers.set(CACHE_STATUS_HEADER, status);
  return out;
}

/** A profile served from the cache is still a view, counted as the loader counts one (decision 0001). */
function countView(request: Request, env: Pick<Env, "DB">, ctx: ExecutionContext, plan: CachePlan): void {
  if (plan.kind !== "view" || !plan.listingId) return;
  if (isbot(request.headers.get("User-Agent") ?? "")) return;
  const modelId = plan.listingId;
  ctx.waitUntil(
    countingVisitor(env, request)
      .then((visitor) => recordView(env, modelId, Date.now(), visitor))
      .catch((e: unknown) => console.error("Failed to record view", e)),
  );
}
