// Pages that show what the public must not see (the admin grid, a hidden listing to its owner or an
// administrator) are kept out of every shared cache and the browser's back/forward store.
export const PRIVATE_NO_STORE = {
  "Cache-Control": "private, no-store",
} as const;

// A page rendered with a part that failed to load (shown empty, with a retry): fine for this visitor, but
// the page cache must not hand it to the next ones (app/platform/page-cache/page-cache.server.ts).
export const PARTIAL_NO_STORE = {
  "Cache-Control": "no-store",
} as const;
