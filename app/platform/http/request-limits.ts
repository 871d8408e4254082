// How large a request body may be, decided in the Worker entry before any route reads it. Routes that take
// files stream-read multipart bodies with their own, larger caps (http/body.server.ts); every other body is
// small (forms, JSON) and is refused past SMALL_BODY_BYTES without being read further.

// Above every small route's own cap (32 KiB for auth forms, less for likes and reports), so those routes still
// answer with their own words; what is bounded here is the memory any body can take.
export const SMALL_BODY_BYTES = 256 * 1024;
/** The largest file body any route takes (a listing save with its photos; see app/features/listings/save/save.server.ts). */
export const FILE_BODY_BYTES = 40 * 1024 * 1024;

const FILE_ROUTES = [
  /^\/api\/uploads$/,
  /^\/api\/profiles?$/,
  /^\/verification$/,
  /^\/photo-verification$/,
  /^\/api\/(photo-)?verify\/request\/[^/]+$/,
];

/** The byte limit for this request's body: files only where a route takes them, and only as multipart. */
export function bodyLimit(pathname: string, contentType: string | null): number {
  const multipart = /^multipart\/form-data/i.test(contentType ?? "");
  const path = pathname.replace(/\.data$/, "");
  return multipart && FILE_ROUTES.some((r) => r.test(path)) ? FILE_BODY_BYTES : SMALL_BODY_BYTES;
}

/** A declared Content-Length over the limit (or not a number) is refused before anything is read. */
export function declaredTooLarge(contentLength: string | null, limit: number): boolean {
  if (contentLength === null) return false;
  if (!/^\d{1,15}$/.test(contentLength.trim())) return true;
  return Number(contentLength) > limit;
}
