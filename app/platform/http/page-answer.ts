// The one page-answer layer for loaders and actions (docs/decisions/0037-one-page-answer-layer.md), beside
// the JSON one in responses.server.ts (docs/decisions/0009-one-http-layer.md). A page about one person, or one
// that must not outlive a hidden listing, says so here and nowhere else: its Cache-Control, its robots meta
// and the route's `headers` export that carries its loader's and action's headers to the document.
// Pure (no `.server`): routes' `meta` and `headers` exports run in the browser bundle too.
import type { HeadersFunction } from "@remix-run/cloudflare";
import type { MetaDescriptor } from "@remix-run/react";

/**
 * A page shown to one person (their dashboard, a form's answer, a one-time link): no cache keeps it, not the
 * browser's back/forward store nor a shared one, and the page cache passes it by
 * (app/platform/page-cache/page-cache.server.ts skips any `no-store` page).
 */
export const NO_STORE = { "Cache-Control": "no-store" } as const;

/**
 * A page that shows what the public must not see (the admin grid, a hidden listing to its owner or an
 * administrator), on a URL whose anonymous copy is public and cached: marked private as well, so no proxy
 * ever mistakes it for the public copy.
 */
export const PRIVATE_NO_STORE = { "Cache-Control": "private, no-store" } as const;

/**
 * A public page rendered with a part that failed to load (shown empty, with a retry): fine for this visitor,
 * but the page cache must not hand it to the next ones.
 */
export const PARTIAL_NO_STORE = NO_STORE;

/** `extra` (a Headers, a record or pairs, e.g. a flash cookie) with Cache-Control: no-store set on it. */
export function noStore(extra?: HeadersInit): Headers {
  const headers = new Headers(extra);
  headers.set("Cache-Control", NO_STORE["Cache-Control"]);
  return headers;
}

/** True when a Cache-Control value says no-store (the page cache keeps no such page). */
export function saysNoStore(cacheControl: string | null): boolean {
  return /\bno-store\b/i.test(cacheControl ?? "");
}

/** Keeps a page out of search engines: private pages, one-time links, search results, hidden listings. */
export const NOINDEX: MetaDescriptor = { name: "robots", content: "noindex" };

/**
 * The document answer carries what the route's loader said, with its action's headers (when a form was
 * posted without JavaScript) taking precedence. Remix uses only what a route's `headers` export returns, so
 * without this a loader's no-store would never reach the page. Set-Cookie is Remix's own business (it keeps
 * every cookie itself), so it is left out here and never doubled.
 */
export const pipeHeaders: HeadersFunction = ({ loaderHeaders, actionHeaders }) => {
  const headers = new Headers();
  for (const source of [loaderHeaders, actionHeaders]) {
    source.forEach((value, key) => {
      if (key.toLowerCase() !== "set-cookie") headers.set(key, value);
    });
  }
  return headers;
};
