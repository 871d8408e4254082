// The D1 bookmark cookie: how a person who just wrote keeps reading their own writes once reads can go to
// read replicas. A write's answer carries the D1 session's latest bookmark; the next request starts its
// session from it, so whichever replica serves it has caught up at least that far. Without the cookie a
// request starts "first-unconstrained" (any copy may answer first). Pure: the Worker does the I/O.

/** The cookie's name; `__Host-` is added where the session cookie is Secure (see bookmarkCookieName). */
export const BOOKMARK_COOKIE = "d1-bookmark";

/**
 * Long enough to outlast replica lag by far (seconds), short enough that it never outlives the visit that
 * wrote. Each write sets it afresh.
 */
export const BOOKMARK_MAX_AGE_SECONDS = 300;

/** How a request's D1 session starts when it has no usable bookmark. */
export const UNCONSTRAINED = "first-unconstrained";

// D1 bookmarks are four dash-separated hex fields (8-8-8-32), lexicographically ordered. Anything else in
// the cookie is someone else's doing and is ignored rather than handed to D1.
const BOOKMARK_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{32}$/;

export function isBookmark(value: unknown): value is string {
  return typeof value === "string" && BOOKMARK_PATTERN.test(value);
}

export function bookmarkCookieName(secure: boolean): string {
  return secure ? `__Host-${BOOKMARK_COOKIE}` : BOOKMARK_COOKIE;
}

/** The bookmark in a Cookie header, or null when there is none or it is not bookmark-shaped. */
export function readBookmarkCookie(cookieHeader: string | null, secure: boolean): string | null {
  if (!cookieHeader) return null;
  const name = bookmarkCookieName(secure);
  for (const part of cookieHeader.split(";")) {
    const eq = part.indexOf("=");
    if (eq < 0 || part.slice(0, eq).trim() !== name) continue;
    const value = part.slice(eq + 1).trim();
    if (isBookmark(value)) return value;
  }
  return null;
}

/** Where the request's D1 session starts: the cookie's bookmark, else anywhere. */
export function sessionStart(cookieHeader: string | null, secure: boolean): string {
  return readBookmarkCookie(cookieHeader, secure) ?? UNCONSTRAINED;
}

export function serializeBookmarkCookie(bookmark: string, secure: boolean): string {
  const parts = [
    `${bookmarkCookieName(secure)}=${bookmark}`,
    "Path=/",
    "HttpOnly",
    "SameSite=Lax",
    `Max-Age=${BOOKMARK_MAX_AGE_SECONDS}`,
  ];
  if (secure) parts.push("Secure");
  return parts.join("; ");
}

/** What an answer does to the session cookie. */
export type SessionCookieChange = "sets" | "clears" | "none";

/**
 * Whether an answer carries the bookmark: only a write (any method but GET and HEAD) that leaves someone
 * signed in: a signed-in write, or a sign-in. An anonymous page view never gets it, so a shared cache never
 * sees it; nor does an answer that ends the session (a sign-out, a sign-up that ends the old session), whose
 * answers must not differ by what was written.
 */
export function answerCarriesBookmark(method: string, signedIn: boolean, session: SessionCookieChange): boolean {
  const m = method.toUpperCase();
  if (m === "GET" || m === "HEAD") return false;
  if (session === "clears") return false;
  return signedIn || session === "sets";
}
