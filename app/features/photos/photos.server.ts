import { eq } from "drizzle-orm";
import { parsePhotoPath, UNKNOWN_WIDTH_MSG, variantKey } from "./variants";
import type { PhotoWidth } from "./variants";
import { getSessionUser } from "~/features/accounts/auth.server";
import { getDb, schema } from "~/platform/data/db.server";
import { makeVariant } from "./variants.server";
import type { DbEnv } from "~/platform/data/db.server";
import { NO_STORE, PRIVATE_NO_STORE } from "~/platform/http/page-answer";

const YEAR_SECONDS = 31_536_000;
/**
 * How long anyone may keep a public photo without asking again. A hidden or deleted listing's photos stop
 * being served at once; a copy already in a browser or shared cache lives at most this long (decision 0006).
 */
export const PUBLIC_PHOTO_MAX_AGE = 300;

type PhotoOwner = Pick<typeof schema.listings.$inferSelect, "live" | "userId"> & { public: boolean };

/**
 * Whose listing shows this stored photo, and whether visitors may see it (the listing is live and the photo
 * is one its plan shows, decision 0017); null once it is deleted.
 */
async function photoOwner(env: DbEnv, key: string): Promise<PhotoOwner | null> {
  const l = schema.listings;
  const img = schema.listingImages;
  const [row] = await getDb(env)
    .select({ live: l.live, userId: l.userId, public: img.public })
    .from(img)
    .innerJoin(l, eq(l.id, img.listingId))
    .where(eq(img.r2Key, key))
    .limit(1);
  if (row) return row;
  // A photo held for review (decision 0057) is never public: its owner and administrators only, as a hidden
  // listing's photos are.
  const h = schema.heldPhotos;
  const [held] = await getDb(env)
    .select({ userId: l.userId })
    .from(h)
    .innerJoin(l, eq(l.id, h.listingId))
    .where(eq(h.r2Key, key))
    .limit(1);
  return held ? { live: false, userId: held.userId, public: false } : null;
}

/**
 * Photo bytes from R2: a stored photo, or one of its sizes (`listing/{id}.w480.webp`, decision 0013), which
 * follow the photo's own rules. A live listing's photos are public (and briefly cacheable); a hidden
 * listing's, or a photo kept but not shown on the Standard plan, go only to its owner and administrators, never cached; a deleted listing's, or an unknown key,
 * are 404; a size that does not exist is 400 and stores nothing.
 */
export async function servePhoto(request: Request, env: Env, path: string): Promise<Response> {
  if (request.method !== "GET" && request.method !== "HEAD") {
    return Response.json({ error: "Method not allowed" }, { status: 405, headers: { Allow: "GET, HEAD" } });
  }
  const notFound = () => Response.json({ error: "Photo not found" }, { status: 404, headers: NO_STORE });
  const named = parsePhotoPath(path);
  if (named.kind === "not-found") return notFound();
  if (named.kind === "unknown-width") {
    return Response.json({ error: UNKNOWN_WIDTH_MSG }, { status: 400, headers: NO_STORE });
  }
  // A size is shown exactly when its photo is: every check below is on the photo's own key.
  const key = named.key;
  const owner = await photoOwner(env, key);
  if (!owner) return notFound();
  let cacheControl = `public, max-age=${PUBLIC_PHOTO_MAX_AGE}`;
  if (!owner.live || !owner.public) {
    const viewer = await getSessionUser(request, env).catch(() => null);
    if (!viewer || (viewer.id !== owner.userId && !viewer.isAdmin)) return notFound();
    cacheControl = PRIVATE_NO_STORE["Cache-Control"];
  }
  const stored = named.kind === "variant" ? variantKey(key, named.width) : key;
  const object = await env.PHOTOS.get(stored, { onlyIf: request.headers });
  if (!object) {
    return named.kind === "variant" ? serveNewVariant(request, env, key, named.width, cacheControl) : notFound();
  }
  const headers = photoHeaders(object.httpMetadata?.contentType, cacheControl, object.httpEtag);
  // `onlyIf` answers a matching If-None-Match with the object's metadata but no body.
  if (!("body" in object) || !object.body) return new Response(null, { status: 304, headers });
  return new Response(request.method === "HEAD" ? null : object.body, { headers });
}

function photoHeaders(contentType: string | undefined, cacheControl: string, etag: string): Headers {
  return new Headers({
    "Content-Type": contentType ?? "image/webp",
    "Cache-Control": cacheControl,
    ETag: etag,
    "X-Content-Type-Options": "nosniff",
  });
}

/** The first request for a size: made from the photo, stored, and answered with the same bytes. */
async function serveNewVariant(
  request: Request,
  env: Env,
  key: string,
  width: PhotoWidth,
  cacheControl: string,
): Promise<Response> {
  const made = await makeVariant(env, key, width, async () => (await photoOwner(env, key)) !== null);
  if (!made) {
    return Response.json({ error: "Photo not found" }, { status: 404, headers: NO_STORE });
  }
  const headers = made.stored
    ? photoHeaders("image/webp", cacheControl, made.etag)
    : // The photo itself in place of its size: not to be kept as if it were the size.
      photoHeaders(made.contentType, cacheControl.startsWith("public") ? "no-cache" : cacheControl, made.etag);
  const body = made.bytes as Uint8Array<ArrayBuffer>;
  return new Response(request.method === "HEAD" ? null : body, { headers });
}

/** A neutral grey frame with a silhouette, for missing or broken photos. */
export function servePlaceholder(pathname: string): Response {
  const match = /^\/api\/placeholder\/(\d{1,4})\/(\d{1,4})$/.exec(pathname);
  const width = match ? Number(match[1]) : NaN;
  const height = match ? Number(match[2]) : NaN;
  if (!(width >= 1 && width <= 2000 && height >= 1 && height <= 2000)) {
    return Response.json({ error: "Placeholder size must be two whole numbers from 1 to 2000" }, { status: 400 });
  }
  const r = Math.min(width, height) / 6;
  const cx = width / 2;
  const cy = height / 2;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}"><rect width="100%" height="100%" fill="#27272a"/><circle cx="${cx}" cy="${cy - r * 0.6}" r="${r}" fill="#52525b"/><ellipse cx="${cx}" cy="${cy + r * 1.6}" rx="${r * 1.7}" ry="${r * 1.1}" fill="#52525b"/></svg>`;
  return new Response(svg, {
    headers: {
      "Content-Type": "image/svg+xml",
      "Cache-Control": `public, max-age=${YEAR_SECONDS}, immutable`,
      "Content-Security-Policy": "default-src 'none'",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
