// The public JSON API's reads and the small helpers its routes share (answers, body reading, limits).
// Routes stay thin: they validate, call one of these, and answer.
import { toCard, type ListingCardData } from "~/lib/listing-card";
import { isId } from "~/lib/ids";
import { decodeCursor, encodeCursor, likeBodySchema, parseListLimit, type ListCursor } from "~/lib/public-api";
import type { Profile } from "~/lib/profile";
import { and, eq, sql, type SQL } from "drizzle-orm";
import { getDb, schema } from "./db.server";
import { readBytes } from "./multipart.server";
import { cardColumns, gridOrder } from "./grid.server";
import { ListingUnavailableError, setLike } from "./likes.server";
import { assembleProfiles } from "./profile.server";
import { anonymousVisitorId, countingVisitor } from "./site-secrets.server";
import { recordContact } from "./stats.server";

const l = schema.listings;

// Every answer here is either about one visitor (likes) or must stop being served the moment a listing is
// hidden: nothing is kept by browsers or shared caches.
const NO_STORE = { "Cache-Control": "no-store" };

export function json(body: unknown, init: ResponseInit = {}): Response {
  const headers = new Headers(init.headers);
  for (const [k, v] of Object.entries(NO_STORE)) headers.set(k, v);
  return Response.json(body, { ...init, headers });
}

export function errorJson(status: number, error: string, extra: Record<string, unknown> = {}): Response {
  return json({ ...extra, error }, { status });
}

export function methodNotAllowed(allow: string): Response {
  return json({ error: "Method not allowed" }, { status: 405, headers: { Allow: allow } });
}

// A like body is ~60 bytes; anything past 4 KiB is not a like.
const MAX_BODY_BYTES = 4096;

export type JsonBody = { ok: true; data: Record<string, unknown> } | { ok: false; status: number; error: string };

/** A JSON object body, never throwing: an empty body is {}, anything else malformed is a 4xx. */
export async function readJsonObject(request: Request): Promise<JsonBody> {
  const read = await readBytes(request, MAX_BODY_BYTES);
  if (!read.ok) return read;
  const raw = new TextDecoder().decode(read.bytes);
  if (raw.trim() === "") return { ok: true, data: {} };
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return { ok: false, status: 400, error: "Malformed JSON" };
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    return { ok: false, status: 400, error: "The request body must be a JSON object" };
  }
  return { ok: true, data: value as Record<string, unknown> };
}

/** True when this client address has used up its allowance of this kind of write. */
export async function overLimit(limiter: RateLimit, action: string, request: Request): Promise<boolean> {
  try {
    // One bucket per client address and kind of write (Cloudflare sets CF-Connecting-IP; clients cannot).
    const key = `${action}:${request.headers.get("CF-Connecting-IP") ?? "unknown"}`;
    const { success } = await limiter.limit({ key });
    return !success;
  } catch (error) {
    // A limiter outage should not stop visitors; log it and let the request through.
    console.error("rate limiter failed", action, error);
    return false;
  }
}

export type PageParams = { limit: number; cursor: ListCursor | null };

/** ?limit and ?cursor, or the 400 answer for a bad one. */
export function readPageParams(url: URL): { ok: true; value: PageParams } | { ok: false; response: Response } {
  const limit = parseListLimit(url.searchParams.get("limit"));
  if (limit === null) return { ok: false, response: errorJson(400, "limit must be a whole number from 1 to 100") };
  const rawCursor = url.searchParams.get("cursor");
  if (rawCursor === null || rawCursor === "") return { ok: true, value: { limit, cursor: null } };
  const cursor = decodeCursor(rawCursor);
  if (!cursor) return { ok: false, response: errorJson(400, "Invalid cursor") };
  return { ok: true, value: { limit, cursor } };
}

/** Rows strictly after the cursor in grid order (featured desc, listed_at desc, id desc). */
function afterCursor(cursor: ListCursor | null): SQL | undefined {
  if (!cursor) return undefined;
  // A row-value comparison: the index listings_grid serves it as a range, so page 100 costs as much as page 1.
  return sql`(${l.featured}, ${l.listedAt}, ${l.id}) < (${cursor.featured ? 1 : 0}, ${cursor.listedAt}, ${cursor.id})`;
}

type Keyed = { id: string; featured: boolean; listedAt: number };

function nextCursor(rows: Keyed[], limit: number): string | null {
  if (rows.length <= limit) return null;
  const last = rows[limit - 1];
  return encodeCursor({ featured: last.featured, listedAt: last.listedAt, id: last.id });
}

/** GET /api/LPmodels: one page of live listings as full profiles, with four queries whatever the page size. */
export async function loadLiveProfilesPage(
  env: Pick<Env, "DB">,
  page: PageParams,
): Promise<{ profiles: Profile[]; next: string | null }> {
  const rows = await getDb(env)
    .select()
    .from(l)
    .where(and(eq(l.live, true), afterCursor(page.cursor)))
    .orderBy(...gridOrder)
    .limit(page.limit + 1);
  const pageRows = rows.slice(0, page.limit);
  return { profiles: await assembleProfiles(env, pageRows), next: nextCursor(rows, page.limit) };
}

/** GET /api/models: one page of card-shaped listings for search; administrators also get hidden ones. */
export async function loadCardsPage(
  env: Pick<Env, "DB">,
  page: PageParams,
  includeHidden: boolean,
): Promise<{ cards: ListingCardData[]; next: string | null }> {
  const rows = await getDb(env)
    .select({ ...cardColumns, listedAt: l.listedAt })
    .from(l)
    .where(and(includeHidden ? undefined : eq(l.live, true), afterCursor(page.cursor)))
    .orderBy(...gridOrder)
    .limit(page.limit + 1);
  return { cards: rows.slice(0, page.limit).map(toCard), next: nextCursor(rows, page.limit) };
}

// ---------------------------------------------------------------------------------------------------
// Likes and contact clicks: the write side of the public API.

type WriteContext = { env: Env; ctx: { waitUntil(promise: Promise<unknown>): void } };

function failure(status: number, error: string): Response {
  return json({ success: false, error }, { status });
}

/**
 * POST/DELETE /api/profiles/{id}/like and PUT /api/visits/like/{id}. Checks, in order: the id's shape,
 * the client's like allowance, the body ({fingerprint}), then writes. Bad input stores nothing.
 * `bodyless` (the PUT, whose payload the spec gives as none): an empty body likes as the anonymous visitor
 * this address and browser are; a body, when sent, is checked as for the POST.
 */
export async function handleLike(
  request: Request,
  { env }: WriteContext,
  modelId: string | undefined,
  liked: boolean,
  { bodyless = false } = {},
) {
  if (!isId(modelId)) return failure(400, "Invalid model id");
  if (await overLimit(env.LIKE_LIMITER, "like", request))
    return failure(429, "Too many likes, please try again in a minute");
  const body = await readJsonObject(request);
  if (!body.ok) return failure(body.status, body.error);
  let visitorId: string;
  if (bodyless && Object.keys(body.data).length === 0) {
    visitorId = await anonymousVisitorId(env, request);
  } else {
    const parsed = likeBodySchema.safeParse(body.data);
    if (!parsed.success) return failure(400, parsed.error.issues[0]?.message ?? "fingerprint is required");
    visitorId = parsed.data.fingerprint;
  }
  try {
    const result = await setLike(env, modelId, visitorId, liked, Date.now(), await countingVisitor(env, request));
    // Counts never broadcast: one visitor's likes must not make every open page reload.
    return json({ success: true, liked: result.liked, likes: result.likes });
  } catch (error) {
    if (error instanceof ListingUnavailableError) return failure(404, "Model not found");
    throw error;
  }
}

/** PUT /api/visits/incrementContact/{id}: one contact click on a live listing; no body is read. */
export async function handleContact(request: Request, { env }: WriteContext, modelId: string | undefined) {
  if (!isId(modelId)) return failure(400, "Invalid model id");
  if (await overLimit(env.WRITE_LIMITER, "contact", request))
    return failure(429, "Too many requests, please try again in a minute");
  // Once per visitor per listing per day: a repeat answers the same, and counts nothing.
  const counted = await recordContact(env, modelId, Date.now(), await countingVisitor(env, request));
  if (counted === "missing") return failure(404, "Model not found");
  return json({ success: true });
}
