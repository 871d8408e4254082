// The one guard for every redirect target that comes from a request (login's redirectTo, the age gate's and
// the admin forms' returnTo). An open redirect would turn our pages into a phishing tool pointed at the
// very people who are at risk, so the rule is strict and is checked on the value we return, not on the
// value we were given: URL parsing can turn "/.//evil.example" into "//evil.example".

const BASE = "http://same-site.invalid";
export const MAX_REDIRECT_LENGTH = 2000;

/**
 * A path on this site (with its query and hash) to redirect to, or `fallback`. Refused: non-strings, empty
 * or over-long values, anything with control characters or backslashes (browsers drop tabs and newlines
 * and read "\" as "/"), anything that is not an absolute path, and anything whose normalised form would
 * leave the site ("//host", "/\host").
 */
export function safeRedirect(value: unknown, fallback = "/"): string {
  if (typeof value !== "string" || value.length === 0 || value.length > MAX_REDIRECT_LENGTH) return fallback;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\\]/.test(value)) return fallback;
  if (!value.startsWith("/")) return fallback;
  let url: URL;
  try {
    url = new URL(value, BASE);
  } catch {
    return fallback;
  }
  if (url.origin !== BASE) return fallback;
  const out = url.pathname + url.search + url.hash;
  return isSameSitePath(out) ? out : fallback;
}

/** Whether a browser given this Location stays on this site. */
function isSameSitePath(path: string): boolean {
  if (!path.startsWith("/") || path.startsWith("//") || path.startsWith("/\\")) return false;
  try {
    return new URL(path, BASE).origin === BASE;
  } catch {
    return false;
  }
}

/**
 * The page a plain HTML form was posted from, to send the browser back to: the Referer's path when it is
 * this site's own page (the site's Referrer-Policy sends the full address to itself), else `fallback`.
 */
export function refererPath(referer: string | null, requestUrl: string, fallback: string): string {
  if (!referer) return fallback;
  let from: URL;
  try {
    from = new URL(referer);
  } catch {
    return fallback;
  }
  if (from.origin !== new URL(requestUrl).origin) return fallback;
  return safeRedirect(from.pathname + from.search, fallback);
}
