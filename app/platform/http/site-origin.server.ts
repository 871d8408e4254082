// The site's own origin, for links that leave the request: e-mails (reset, sign-up notices). Never the
// request's Host header, which anyone can set: a reset link pointing at their host would hand them the token.
import { isLoopbackHost } from "./loopback";
import { isDevelopment } from "~/platform/env";

/** SITE_ORIGIN as an origin (scheme, host and port only), or null when it is missing or not http(s). */
export function configuredOrigin(value: string | undefined): string | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.protocol === "https:" || url.protocol === "http:" ? url.origin : null;
  } catch {
    return null;
  }
}

/**
 * Local development on this machine uses the address it was opened at (wrangler picks the port); anything
 * else uses the configured SITE_ORIGIN. A deploy without one fails loudly rather than mailing a guess.
 */
export function siteOrigin(env: Pick<Env, "APP_ENV" | "SITE_ORIGIN">, request: Request): string {
  const url = new URL(request.url);
  if (isDevelopment(env) && isLoopbackHost(url.hostname)) return url.origin;
  const origin = configuredOrigin(env.SITE_ORIGIN);
  if (!origin) throw new Error("SITE_ORIGIN is not set to the site's https origin (wrangler.toml [vars])");
  return origin;
}

/** Development-only tools (the outbox) answer only in development and only to this machine. */
export function devToolsAllowed(env: Pick<Env, "APP_ENV">, request: Request): boolean {
  return isDevelopment(env) && isLoopbackHost(new URL(request.url).hostname);
}
