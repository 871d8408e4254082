// Pages that show what the public must not see (the admin grid, a hidden listing to its owner or an
// administrator) are kept out of every shared cache and the browser's back/forward store.
export const PRIVATE_NO_STORE = {
  "Cache-Control": "private, no-store",
} as const;
