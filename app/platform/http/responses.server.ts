// The one set of JSON answers. Every API answer is about one person or must stop being served the moment a
// listing is hidden, so none is kept by a browser or a shared cache. Failures are { error } with a 4xx.
const NO_STORE = "no-store";

export function json(body: unknown, init: ResponseInit = {}): Response {
  const headers = new Headers(init.headers);
  headers.set("Cache-Control", NO_STORE);
  return Response.json(body, { ...init, headers });
}

/** { ...extra, error } with `status`. Status first, always, as in `new Response(body, { status })`. */
export function jsonError(
  status: number,
  error: string,
  extra: Record<string, unknown> = {},
  headers?: HeadersInit,
): Response {
  return json({ ...extra, error }, { status, headers });
}

/** Tells the browser to drop this site's local storage (the cached user, drafts, favourites) as well. */
export const CLEAR_STORAGE_HEADER = ["Clear-Site-Data", '"storage"'] as const;

export function methodNotAllowed(allow: string): Response {
  return jsonError(405, "Method not allowed", {}, { Allow: allow });
}
