// The catalogue's rules for the page cache (docs/decisions/0012-page-cache.md): which anonymous pages are
// kept (page-cache-key.ts), what a copy varies by (the age gate, the home page's place, the NZ day, the
// grid's rotation slot) and that a profile served from a copy still counts as a view. The engine that
// keeps copies is app/platform/page-cache/page-cache.server.ts.
import { countEvents } from "~/features/insights/count-queue.server";
import { rotationSlot } from "~/features/insights/rotation";
import { AGE_COOKIE, hasAgeCookie } from "~/features/site/age-gate";
import { servePageWith } from "~/platform/page-cache/page-cache.server";
import type { PageCachePolicy, SignedInInclude } from "~/platform/page-cache/page-cache.server";
import { nzDate } from "~/platform/time/nz-time";
import { pageCacheKey, planPageCache } from "./page-cache-key";
import type { CachePlan } from "./page-cache-key";
import type { WaitUntil } from "~/platform/request-context";

type CountEnv = Pick<Env, "DB" | "COUNTS" | "PROFILES"> & Partial<Pick<Env, "PAGE_CACHE_REUSE_MS" | "COUNT_WINDOW_MS">>;

function requestCity(request: Request): string | null {
  const cf = request.cf as { city?: unknown } | undefined;
  return typeof cf?.city === "string" ? cf.city : null;
}

function catalogueCachePolicy(env: CountEnv, ctx: WaitUntil): PageCachePolicy<CachePlan> {
  return {
    // The clock decides whether a later page's rotation slot is still kept (grid-slot.ts).
    plan: (url) => planPageCache(url, Date.now()),
    key(request, url, plan, versions, build, now) {
      // Only the home page varies by city; reading request.cf parses the whole cf object (a tenth of a hit's CPU).
      const city = plan.kind === "home" ? requestCity(request) : null;
      const ageVerified = hasAgeCookie(request.headers.get("Cookie"));
      const variant = { ageVerified, city, today: nzDate(now), slot: rotationSlot(now) };
      return pageCacheKey(url.origin, plan, variant, build, versions);
    },
    // The age gate is the only cookie a copy varies by (key above).
    publicCookie: (cookie) => (hasAgeCookie(cookie) ? `${AGE_COOKIE}=1` : null),
    // A profile served from the cache is still a view, counted off the request path (decision 0024).
    onHit(request, plan) {
      if (plan.kind !== "view" || !plan.listingId) return;
      countEvents(env, ctx, request, [{ kind: "view", listing: plan.listingId }]);
    },
  };
}

/**
 * The answer for `request`: a kept copy when one is current, else `render`'s (kept when it may be). A signed-in
 * person on a grid gets the copy finished by `include` (docs/decisions/0070), or their page rendered.
 */
export function servePageCached(
  request: Request,
  env: CountEnv,
  ctx: WaitUntil,
  build: string,
  render: (request: Request) => Promise<Response>,
  include?: SignedInInclude,
): Promise<Response> {
  return servePageWith(catalogueCachePolicy(env, ctx), request, env, ctx, build, render, include);
}
