// The D1 bookmark cookie: how a person who just wrote keeps reading their own writes once reads can go to
// read replicas. A write's answer carries the D1 session's latest bookmark, sealed; the next request starts
// its session from it, so whichever replica serves it has caught up at least that far. Without the cookie a
// request starts "first-unconstrained" (any copy may answer first). Pure: the Worker does the I/O.
import { cookieValues } from "../http/cookie-header";

/** The cookie's name; `__Host-` is added where the session cookie is Secure (see bookmarkCookieName). */
export const BOOKMARK_COOKIE = "d1-bookmark";

/**
 * Long enough to outlast replica lag by far (seconds), short enough that it never outlives the visit that
 * wrote. Each write sets it afresh.
 */
export const BOOKMARK_MAX_AGE_SECONDS = 300;

/** How an anonymous request's D1 session starts when it has no usable bookmark: any replica will do. */
export const UNCONSTRAINED = "first-unconstrained";
/**
 * How a signed-in request starts without a bookmark: at the primary. A replica a few seconds behind could
 * still accept a session that was just signed out elsewhere, or show its owner a listing state from before
 * their last change; people at risk come before the milliseconds a replica saves them.
 */
export const PRIMARY = "first-primary";

// D1 bookmarks are four dash-separated hex fields (8-8-8-32), lexicographically ordered.
const BOOKMARK_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{32}$/;

export function isBookmark(value: unknown): value is string {
  return typeof value === "string" && BOOKMARK_PATTERN.test(value);
}

// The cookie never holds the bookmark in the clear: a bookmark is D1's global commit position, and a person
// comparing theirs before and after an answer could tell whether it wrote (whether an address had an
// account, say). It holds the bookmark sealed (app/platform/data/d1-session.server.ts): `v1.<iv>.<ciphertext>`.
const SEALED_PATTERN = /^v1\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]{40,200}$/;

export function isSealedBookmark(value: unknown): value is string {
  return typeof value === "string" && SEALED_PATTERN.test(value);
}

export function bookmarkCookieName(secure: boolean): string {
  return secure ? `__Host-${BOOKMARK_COOKIE}` : BOOKMARK_COOKIE;
}

/** The sealed bookmark in a Cookie header, or null when there is none or it is not sealed-shaped. */
export function readBookmarkCookie(cookieHeader: string | null, secure: boolean): string | null {
  return cookieValues(cookieHeader, bookmarkCookieName(secure)).find(isSealedBookmark) ?? null;
}

/** Where the request's D1 session starts: the opened bookmark when it is one, else by who is asking. */
export function sessionStart(openedBookmark: string | null, signedIn: boolean): string {
  if (isBookmark(openedBookmark)) return openedBookmark;
  return signedIn ? PRIMARY : UNCONSTRAINED;
}

export function serializeBookmarkCookie(sealed: string, secure: boolean): string {
  const parts = [
    `${bookmarkCookieName(secure)}=${sealed}`,
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
