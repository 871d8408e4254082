// Cross-site request refusal: every state-changing request must come from this site's own pages.
const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * True when a browser says the request came from another site. Browsers always send Origin on
 * POST/PUT/DELETE and Sec-Fetch-Site on modern engines; non-browser clients send neither and carry
 * no visitor's cookies, so they are let through to the normal auth checks.
 */
export function isCrossOriginWrite(method: string, requestUrl: string, headers: Headers): boolean {
  if (SAFE_METHODS.has(method.toUpperCase())) return false;
  const fetchSite = headers.get("Sec-Fetch-Site");
  if (fetchSite && fetchSite !== "same-origin" && fetchSite !== "none") return true;
  const origin = headers.get("Origin");
  if (origin == null) return false;
  return origin !== new URL(requestUrl).origin;
}
