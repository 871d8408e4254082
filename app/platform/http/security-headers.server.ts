// Security headers for every HTML response. HSTS goes on every answer instead (finishResponse in
// request-guard.server.ts), and static files get theirs from public/_headers.
import { isDevelopment } from "../env";

export function newNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  let s = "";
  for (const b of bytes) s += String.fromCharCode(b);
  return btoa(s);
}

/**
 * Two years, this host and every subdomain, and asking to be preloaded. Sent in production only: local
 * development is plain http on localhost, which no browser should remember as https-only.
 */
export const STRICT_TRANSPORT_SECURITY = "max-age=63072000; includeSubDomains; preload";

export function contentSecurityPolicy(nonce: string, requestUrl: string, dev: boolean): string {
  const url = new URL(requestUrl);
  const socketOrigin = `${url.protocol === "https:" ? "wss:" : "ws:"}//${url.host}`;
  const directives = [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    `connect-src 'self' ${socketOrigin}${dev ? " ws://localhost:*" : ""}`,
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ];
  return directives.join("; ");
}

export function applySecurityHeaders(headers: Headers, nonce: string, requestUrl: string, env: Pick<Env, "APP_ENV">) {
  const dev = isDevelopment(env);
  headers.set("Content-Security-Policy", contentSecurityPolicy(nonce, requestUrl, dev));
  headers.set("X-Content-Type-Options", "nosniff");
  // A page whose URL holds a secret (a confirmation link) asks for a stricter policy: keep it.
  const strict = headers.get("Referrer-Policy");
  if (strict !== "no-referrer" && strict !== "strict-origin")
    headers.set("Referrer-Policy", "strict-origin-when-cross-origin");
  headers.set("X-Frame-Options", "DENY");
  headers.set("Permissions-Policy", "camera=(), microphone=(), geolocation=(), interest-cohort=()");
}
