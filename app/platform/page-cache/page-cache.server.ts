// The page cache: anonymous public pages and JSON from the Workers Cache API, keyed by versions that D1
// triggers bump on every write that could change them (docs/decisions/0012-page-cache.md). Anyone with a
// session cookie is rendered fresh and never stored; so is any response that sets a cookie. The one
// exception: on a page whose plan allows it, a signed-in person may get the public copy finished for them
// (their header put in: docs/decisions/0070), which is their answer alone and never stored.
import { answerCopy, copySize, cspNonce, gzipped, withScriptHashes } from "./page-copy.server";
import type { Copy } from "./page-copy.server";
import { currentVersions } from "./page-versions.server";
import { hasSessionCookie } from "../http/token-cookie.server";
import type { WaitUntil } from "~/platform/request-context";
import type { DbEnv } from "~/platform/data/db.server";
import { saysNoStore } from "~/platform/http/page-answer";

/** A named cache: the zone's default cache (and a purge of it) never mixes with these entries. */
const CACHE_NAME = "pages";
/** The browser's Cache-Control as rendered, kept beside the one that sets the copy's TTL. */
const ORIGINAL_CACHE_CONTROL = "X-Page-Cache-Control";
/** When the copy stops being served (ms since the epoch), so this isolate's copy of it never outlives it. */
const EXPIRES = "X-Page-Cache-Expires";
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

/** What the engine needs of a page it may keep; the policy adds what its key needs. */
export type CachePlan = {
  /** Path and canonical query: what the page is rendered from, e.g. "/locations/Auckland?age=18-24&page=2". */
  path: string;
  /** Version scopes whose numbers go into the key. */
  scopes: string[];
  /** How long a copy may be served: the bound on changes no version covers (counts, "active now", time). */
  ttlSeconds: number;
  /** True for HTML (nonce rewritten on a hit); false for JSON. */
  html: boolean;
  /** True when a signed-in person's page is the public copy with their own parts put in (SignedInInclude). */
  includesSignedIn?: boolean;
};

/** A public copy made into one signed-in person's answer. It is theirs alone: never stored. */
export type FinishForPerson = (copy: Copy) => Response;

/**
 * For a signed-in request on a page whose plan includes signed-in people: how to finish the public copy for
 * this person, or null when their page must be rendered (a session that is not live, an administrator's
 * own grid, a toast waiting).
 */
export type SignedInInclude = (request: Request) => Promise<FinishForPerson | null>;

/**
 * Which pages are kept and under which key: the catalogue's rules (app/features/catalogue/page-cache.server.ts).
 * The engine here knows versions, copies and the Cache API, and nothing of what a page shows.
 */
export type PageCachePolicy<P extends CachePlan> = {
  /** The page this URL is, or null for one that is never kept. */
  plan(url: URL): P | null;
  /** The copy's key, from the versions read for plan.scopes (in that order). */
  key(request: Request, url: URL, plan: P, versions: number[], build: string, now: number): string;
  /** A hit skips the render, so whatever a render does for itself (counting a view) happens here. */
  onHit?(request: Request, plan: P): void;
  /** The cookies a copy may vary by (the rest, a session above all, never reach the render that fills it). */
  publicCookie(cookie: string | null): string | null;
};

/** Either session cookie name, whatever the environment: a cookie that might sign someone in bypasses. */
export function isSignedIn(cookieHeader: string | null): boolean {
  return hasSessionCookie(cookieHeader, true) || hasSessionCookie(cookieHeader, false);
}

/**
 * The answer for `request`: from the cache when a copy for the current versions is there, else rendered by
 * `render` (and stored when it may be). Requests that may not be cached go straight to `render`.
 */
export async function servePageWith<P extends CachePlan>(
  policy: PageCachePolicy<P>,
  request: Request,
  env: DbEnv & Partial<Pick<Env, "PAGE_CACHE_REUSE_MS">>,
  ctx: WaitUntil,
  build: string,
  render: Render,
  include?: SignedInInclude,
): Promise<Response> {
  if (request.headers.has(CACHE_FILL_HEADER)) {
    request = new Request(request);
    request.headers.delete(CACHE_FILL_HEADER);
  }
  if (request.method !== "GET") return render(request);
  const cookie = request.headers.get("Cookie");
  const signedIn = isSignedIn(cookie);
  if (signedIn && !include) return render(request);
  const url = new URL(request.url);
  const plan = policy.plan(url);
  if (!plan || (signedIn && !plan.includesSignedIn)) return render(request);
  let finish: FinishForPerson | null = null;
  let visitor = request;
  if (signedIn) {
    finish = await include!(request);
    if (!finish) return render(request);
    // The copy is read, and if need be rendered, as for a visitor with only the cookies it may vary by.
    visitor = new Request(request);
    const publicCookie = policy.publicCookie(cookie);
    if (publicCookie) visitor.headers.set("Cookie", publicCookie);
    else visitor.headers.delete("Cookie");
  }
  const versions = await currentVersions(env, plan.scopes);
  // No versions (a read failed, or the listing has no row): no way to know a copy is current. Render, keep nothing.
  if (!versions) return render(request);
  const now = Date.now();
  const key = policy.key(visitor, url, plan, versions, build, now);
  const kept = keptCopy(key, now, plan.ttlSeconds) ?? (await storedCopy(key, now, plan.ttlSeconds));
  if (kept) {
    policy.onHit?.(visitor, plan);
    return finish ? finish(kept) : answerCopy(kept, request, "HIT");
  }
  // The page is rendered from its canonical URL, so the copy is exactly what the key names (a dropped
  // tracker parameter cannot end up in a link on it).
  const canonical = new Request(new URL(plan.path, url.origin), visitor);
  canonical.headers.set(CACHE_FILL_HEADER, "1");
  const response = await render(canonical);
  // A public page that may not be kept: a signed-in person's is rendered for them after all.
  if (!storable(response, plan)) return finish ? render(request) : withStatus(response, "BYPASS");
  // The whole page is read before answering: the miss gets the very copy the hits will get.
  const body = await response.text();
  const copy = await toCopy(body, response, plan, now);
  if (!copy) return finish ? render(request) : withStatus(new Response(body, response), "BYPASS");
  ctx.waitUntil(store(key, copy, plan).catch((error: unknown) => console.error("page cache: write failed", error)));
  return finish ? finish(copy) : answerCopy(copy, request, "MISS");
}

/** Only a whole, public, cookie-free success: never a redirect, an error page or anything private. */
function storable(response: Response, plan: CachePlan): boolean {
  if (response.status !== 200 || !response.body) return false;
  if (response.headers.has("Set-Cookie")) return false;
  const cacheControl = response.headers.get("Cache-Control") ?? "";
  if (/\bprivate\b/i.test(cacheControl)) return false;
  // Pages mark a partial render (a list that failed to load) no-store. JSON is always no-store to browsers:
  // its copies here are safe because the key carries the versions.
  if (plan.html && saysNoStore(cacheControl)) return false;
  const type = response.headers.get("Content-Type") ?? "";
  return plan.html ? type.startsWith("text/html") : type.startsWith("application/json");
}

async function store(key: string, copy: Copy, plan: CachePlan): Promise<void> {
  keep(key, copy);
  const headers = new Headers(copy.headers);
  headers.delete(CACHE_STATUS_HEADER);
  headers.set(ORIGINAL_CACHE_CONTROL, headers.get("Cache-Control") ?? "");
  headers.set("Cache-Control", `public, max-age=${plan.ttlSeconds}`);
  headers.set(EXPIRES, String(copy.expires));
  const cache = await caches.open(CACHE_NAME);
  await cache.put(new Request(key), new Response(copy.body, { status: copy.status, headers }));
}

/**
 * The render as a copy every visitor may get: HTML with its nonce traded for script hashes, and the
 * browser's headers. Null when it cannot be (a nonce that shows up outside nonce attributes).
 */
async function toCopy(rendered: string, response: Response, plan: CachePlan, now: number): Promise<Copy | null> {
  let body = rendered;
  const headers = new Headers(response.headers);
  const csp = headers.get("Content-Security-Policy");
  const nonce = plan.html ? cspNonce(csp) : null;
  if (nonce && csp) {
    const hashed = await withScriptHashes(body, csp, nonce);
    if (!hashed) return null;
    body = hashed.body;
    headers.set("Content-Security-Policy", hashed.csp);
  } else if (plan.html && body.includes(" nonce=")) {
    // Nonce attributes the policy does not name: nothing to trade them for.
    return null;
  }
  headers.delete("Vary");
  headers.delete(CACHE_STATUS_HEADER);
  headers.set(CACHE_STATUS_HEADER, "HIT");
  return {
    status: response.status,
    headers: [...headers],
    body,
    gzip: await gzipped(body),
    expires: now + plan.ttlSeconds * 1000,
  };
}

/** A Cache API entry back as the copy it was stored from. */
async function fromStored(stored: Response): Promise<Copy> {
  const headers = new Headers(stored.headers);
  const original = headers.get(ORIGINAL_CACHE_CONTROL);
  const expires = Number(headers.get(EXPIRES));
  headers.delete(ORIGINAL_CACHE_CONTROL);
  headers.delete(EXPIRES);
  if (original) headers.set("Cache-Control", original);
  else headers.delete("Cache-Control");
  // The Cache API's own bookkeeping is not the page's.
  headers.delete("Age");
  headers.delete("CF-Cache-Status");
  headers.set(CACHE_STATUS_HEADER, "HIT");
  const body = await stored.text();
  return {
    status: stored.status,
    headers: [...headers],
    body,
    gzip: await gzipped(body),
    expires: Number.isFinite(expires) ? expires : 0,
  };
}

// The Cache API answers in milliseconds; the pages most asked for are also kept in this isolate's memory,
// under the same key (so the same versions) and never past the copy's own expiry.
const KEPT_BYTES = 8 * 1024 * 1024;
const kept = new Map<string, { copy: Copy; size: number }>();
let keptBytes = 0;

/**
 * Whether a copy may still be served at `now`: before its expiry, and not made "later" than now. A copy made
 * while the clock ran ahead (a clock stepped back since) would otherwise be served for as long as the step.
 */
function isServable(copy: Copy, now: number, ttlSeconds: number): boolean {
  return copy.expires > now && copy.expires - ttlSeconds * 1000 <= now;
}

function keptCopy(key: string, now: number, ttlSeconds: number): Copy | null {
  const entry = kept.get(key);
  if (!entry) return null;
  kept.delete(key);
  if (!isServable(entry.copy, now, ttlSeconds)) {
    keptBytes -= entry.size;
    return null;
  }
  kept.set(key, entry);
  return entry.copy;
}

function keep(key: string, copy: Copy): void {
  const size = copySize(copy);
  if (size > KEPT_BYTES / 16) return;
  const before = kept.get(key);
  if (before) {
    kept.delete(key);
    keptBytes -= before.size;
  }
  kept.set(key, { copy, size });
  keptBytes += size;
  for (const [oldest, entry] of kept) {
    if (keptBytes <= KEPT_BYTES) break;
    kept.delete(oldest);
    keptBytes -= entry.size;
  }
}

async function storedCopy(key: string, now: number, ttlSeconds: number): Promise<Copy | null> {
  try {
    const cache = await caches.open(CACHE_NAME);
    const hit = await cache.match(new Request(key));
    if (!hit) return null;
    const copy = await fromStored(hit);
    if (!isServable(copy, now, ttlSeconds)) return null;
    keep(key, copy);
    return copy;
  } catch (error) {
    console.error("page cache: read failed", error);
    return null;
  }
}

function withStatus(response: Response, status: "MISS" | "BYPASS"): Response {
  const out = new Response(response.body, response);
  out.headers.set(CACHE_STATUS_HEADER, status);
  return out;
}
