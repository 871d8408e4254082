// The one header policy of every page whose URL holds a one-time link's token (reset, e-mail change, sign-up
// confirmation, the stale-listing check, the data-export download): docs/decisions/0036-one-time-link-service.md.
// - no-store: no cache (the browser's, a proxy's, the page cache) keeps a page or answer made for one link.
// - strict-origin: a request the page makes (its scripts, styles, the form's POST, the next page) names only
//   the site's origin, never the path that holds the token, not even to this site, whose logs would then hold
//   a usable link. Not no-referrer: that makes the page's own POST say `Origin: null`, which Remix refuses
//   as a possible cross-site request before any action runs (decision 0036).
// - noindex, as a header (and the meta tag every private page has: privateMeta in app/features/site/seo.ts): a
//   link that leaked must not be listed by a search engine.
import type { HeadersFunction } from "@remix-run/cloudflare";
import { pipeHeaders } from "./page-answer";

export const LINK_PAGE_HEADERS = {
  "Cache-Control": "no-store",
  "Referrer-Policy": "strict-origin",
  "X-Robots-Tag": "noindex",
} as const;

/** `init` (a redirect's Location, a Set-Cookie) with the policy over it. */
export function linkPageHeaders(init?: HeadersInit): Headers {
  const headers = new Headers(init);
  for (const [name, value] of Object.entries(LINK_PAGE_HEADERS)) headers.set(name, value);
  return headers;
}

/**
 * The route's `headers`: what the loader and the action said, carried as on every private page (pipeHeaders;
 * Remix adds their cookies itself), with the policy over it.
 */
export const linkPageHeadersFunction: HeadersFunction = (args) => linkPageHeaders(pipeHeaders(args));
