// The files of verification requests in R2 (spec provider §5): deleted as soon as a request is decided,
// swept when a delete failed or a Worker stopped between writing a file and recording it, and shown to an
// administrator only, never cached.
import { and, eq } from "drizzle-orm";
import { isId } from "~/platform/data/ids";
import { getDb, schema } from "~/platform/data/db.server";
import type { SessionUser } from "~/features/accounts/auth.server";
import { isDecided, isPending, namesFiles } from "./request-status.server";
import { isVerificationKey, parseKeyList, VERIFICATION_PREFIX } from "~/core/photo-keys";
import { NO_STORE, PRIVATE_NO_STORE } from "~/platform/http/page-answer";

const vr = schema.verificationRequests;

// R2 deletes are retried; a failure leaves the keys on the (decided) row for the sweep.
const ATTEMPTS = 3;

export async function deleteFiles(env: Pick<Env, "PHOTOS">, keys: string[]): Promise<boolean> {
  if (keys.length === 0) return true;
  for (let attempt = 1; ; attempt++) {
    try {
      await env.PHOTOS.delete(keys);
      return true;
    } catch (error) {
      if (attempt >= ATTEMPTS) {
        console.error("verification: R2 delete failed", keys.length, "files", error);
        return false;
      }
    }
  }
}

/** Deletes a decided request's files, then forgets their keys. */
export async function purgeRequestFiles(
  env: Pick<Env, "DB" | "PHOTOS">,
  requestId: string,
  keys: string[],
): Promise<boolean> {
  if (!(await deleteFiles(env, keys))) return false;
  await getDb(env)
    .update(vr)
    .set({ r2Keys: "[]" })
    .where(and(eq(vr.id, requestId), isDecided));
  return true;
}

/** Objects written but never recorded (a Worker stopped between the two) are older than this. */
const ORPHAN_AGE_MS = 60 * 60 * 1000;

/**
 * Finishes interrupted work: files of decided requests whose delete failed, and objects under the
 * private prefix that no pending request names (older than an hour, so an upload in progress is safe).
 */
export async function sweepVerificationFiles(env: Pick<Env, "DB" | "PHOTOS">, now = Date.now()): Promise<number> {
  let removed = 0;
  const db = getDb(env);
  const leftovers = await db
    .select({ id: vr.id, r2Keys: vr.r2Keys })
    .from(vr)
    .where(and(isDecided, namesFiles))
    .limit(50);
  for (const row of leftovers) {
    const keys = parseKeyList(row.r2Keys);
    if (await purgeRequestFiles(env, row.id, keys)) removed += keys.length;
  }
  const listing = await env.PHOTOS.list({ prefix: VERIFICATION_PREFIX, limit: 1000 });
  const old = listing.objects.filter((o) => o.uploaded.getTime() < now - ORPHAN_AGE_MS).map((o) => o.key);
  if (old.length) {
    const rows = await db.select({ r2Keys: vr.r2Keys }).from(vr).where(namesFiles);
    const named = new Set(rows.flatMap((r) => parseKeyList(r.r2Keys)));
    const orphans = old.filter((k) => !named.has(k));
    if (orphans.length && (await deleteFiles(env, orphans))) removed += orphans.length;
  }
  return removed;
}

const NOT_FOUND = () => new Response("Not found", { status: 404, headers: NO_STORE });

/**
 * One file of a pending request, for an administrator only (anyone else gets the same 404 as a missing
 * file). Never cached anywhere: Cache-Control private, no-store.
 */
export async function verificationFileResponse(
  env: Pick<Env, "DB" | "PHOTOS">,
  viewer: Pick<SessionUser, "isAdmin"> | null,
  requestId: string | undefined,
  index: string | undefined,
): Promise<Response> {
  if (!viewer?.isAdmin) return NOT_FOUND();
  const n = Number(index);
  if (!isId(requestId) || !Number.isInteger(n) || n < 0 || n > 2 || String(n) !== index) return NOT_FOUND();
  const [row] = await getDb(env)
    .select({ r2Keys: vr.r2Keys })
    .from(vr)
    .where(and(eq(vr.id, requestId), isPending))
    .limit(1);
  const key = parseKeyList(row?.r2Keys)[n];
  if (!isVerificationKey(key)) return NOT_FOUND();
  const object = await env.PHOTOS.get(key);
  if (!object) return NOT_FOUND();
  return new Response(object.body, {
    headers: {
      "Content-Type": "image/webp",
      ...PRIVATE_NO_STORE,
      "Content-Disposition": 'inline; filename="verification.webp"',
      "Content-Security-Policy": "default-src 'none'",
      "X-Content-Type-Options": "nosniff",
      "Referrer-Policy": "no-referrer",
    },
  });
}
