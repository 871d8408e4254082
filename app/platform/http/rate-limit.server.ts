// The one rate-limit helper. Every call names what an outage of the limiter means for it:
// - "open": the request goes through. For visitors' likes, contacts and reports and owners' edits: losing
//   a report or an edit to our outage is worse than a burst we can clean up.
// - "closed": the request is refused as if over the limit. For sign-in, sign-up and password resets: an
//   outage must not become unlimited password guessing.
// See docs/decisions/0009-one-http-layer.md.
import { addressKey } from "./client-address";

export type OutagePolicy = "open" | "closed";

/** True when `key` has used up its allowance on `limiter` (or the limiter is down and the policy is closed). */
export async function overLimit(limiter: RateLimit, key: string, onOutage: OutagePolicy): Promise<boolean> {
  try {
    const { success } = await limiter.limit({ key });
    return !success;
  } catch (error) {
    console.error("rate limiter failed", key.split(":")[0], error);
    return onOutage === "closed";
  }
}

/**
 * Rate-limit bucket: one per client and kind of attempt, the client being its address, an IPv6 one by its /64
 * (client-address.ts), so the addresses of one /64 share one budget. Cloudflare sets CF-Connecting-IP;
 * clients cannot.
 */
export function limiterKey(action: string, headers: Headers): string {
  return `${action}:${addressKey(headers.get("CF-Connecting-IP"))}`;
}

/**
 * True when this client has made too many sign-in attempts of this kind (login, signup, reset) lately. A limiter
 * outage refuses the attempt ("closed"): it must not become unlimited password guessing.
 */
export function isRateLimited(
  request: Request,
  env: Pick<Env, "AUTH_LIMITER">,
  action: "login" | "signup" | "reset",
): Promise<boolean> {
  return overLimit(env.AUTH_LIMITER, limiterKey(action, request.headers), "closed");
}
