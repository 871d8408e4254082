// The steps every verification request shares once its listing and fields are settled: each file checked by
// its size and first bytes, re-encoded (WebP, no metadata, no watermark), written to R2, then the request's row
// (and, for a photo request, the photos it asks about) in one batch. Nothing is stored unless every step
// passes; objects written before a failure are removed again.
import { sql } from "drizzle-orm";
import { newId } from "~/platform/data/ids";
import { fileMessage, pendingMessage, verificationFileProblem, verificationKey } from "./verification";
import type { IdDocument, VerificationKind } from "./verification";
import { SNIFF_BYTES } from "~/features/photos/rules";
import { getDb, schema } from "~/platform/data/db.server";
import { processVerificationImage } from "~/features/photos/pipeline.server";
import { deleteFiles } from "./files.server";
import { PHOTO_CHECK_MSG } from "./photo-checks";

const vr = schema.verificationRequests;
const pending = schema.photoChecksPending;

export type SubmitResult =
  { ok: true; requestId: string } | { ok: false; status: 400 | 403 | 409 | 413; error: string; field?: string };
export type Refusal = Extract<SubmitResult, { ok: false }>;

/** Cheap checks on every file (size, first bytes) before any expensive processing. */
export async function checkFiles(
  kind: VerificationKind,
  fields: readonly string[],
  files: File[],
): Promise<Refusal | null> {
  for (const [i, file] of files.entries()) {
    const head = new Uint8Array(await file.slice(0, SNIFF_BYTES).arrayBuffer());
    const problem = verificationFileProblem(kind, file.size, head);
    if (problem)
      return { ok: false, status: problem === fileMessage(kind, "size") ? 413 : 400, error: problem, field: fields[i] };
  }
  return null;
}

/** Each file re-encoded (WebP, no metadata, no watermark). */
export async function processFiles(
  env: Pick<Env, "IMAGES">,
  kind: VerificationKind,
  fields: readonly string[],
  files: File[],
): Promise<{ ok: true; bytes: Uint8Array[] } | Refusal> {
  const processed: Uint8Array[] = [];
  for (const [i, file] of files.entries()) {
    const result = await processVerificationImage(env.IMAGES, file);
    if (!result.ok) {
      return {
        ok: false,
        status: result.problem === "size" ? 413 : 400,
        error: fileMessage(kind, result.problem),
        field: fields[i],
      };
    }
    processed.push(result.photo.bytes);
  }
  return { ok: true, bytes: processed };
}

export type StoredRequest = {
  kind: VerificationKind;
  listingId: string;
  userId: string;
  documentType: IdDocument | null;
  processed: Uint8Array[];
  /** A photo request's photos: each is marked as waiting, in the same batch, by this request alone. */
  imageIds?: readonly string[];
  now: number;
};

/**
 * True when an overturned appeal reopened a request of this listing and kind and none has been sent since: this
 * request is the new documents it asked for, and goes first in the queue (docs/decisions/0068).
 */
const reopenedBefore = (listingId: string, kind: VerificationKind) =>
  sql<boolean>`exists (select 1 from ${vr} r where r.listing_id = ${listingId} and r.kind = ${kind}
    and r.reopened_at is not null and not exists (select 1 from ${vr} n where n.listing_id = r.listing_id
    and n.kind = r.kind and n.created_at > r.reopened_at))`;

/** The files into R2, then the row and its photos in one batch; without the row the files are removed again. */
export async function storeRequest(
  env: Pick<Env, "DB" | "PHOTOS">,
  { kind, listingId, userId, documentType, processed, imageIds = [], now }: StoredRequest,
): Promise<SubmitResult> {
  const keys = processed.map(() => verificationKey());
  const id = newId();
  const db = getDb(env);
  try {
    for (const [i, bytes] of processed.entries()) {
      await env.PHOTOS.put(keys[i], bytes, { httpMetadata: { contentType: "image/webp" } });
    }
    const row = db.insert(vr).values({
      id,
      kind,
      listingId,
      userId,
      status: "pending",
      r2Keys: JSON.stringify(keys),
      createdAt: now,
      documentType,
      imageIds: JSON.stringify(imageIds),
      fastTrack: reopenedBefore(listingId, kind),
    });
    // A photo already waiting fails the whole batch on photo_checks_pending's key: no request half-written.
    const marks = imageIds.map((imageId) => db.insert(pending).values({ imageId, requestId: id }));
    await db.batch([row, ...marks]);
  } catch (error) {
    // No row, no way to find these files again: remove them now.
    await deleteFiles(env, keys);
    // drizzle wraps D1's error: the constraint is named in its cause.
    const cause = error instanceof Error && error.cause instanceof Error ? error.cause.message : String(error);
    if (/photo_checks_pending/i.test(cause)) return { ok: false, status: 409, error: PHOTO_CHECK_MSG.pending };
    // A photo removed meanwhile (its key is gone).
    if (/FOREIGN KEY/i.test(cause)) return { ok: false, status: 409, error: PHOTO_CHECK_MSG.notOnListing };
    // Two submissions raced; the other one is waiting for review.
    if (/UNIQUE/i.test(cause)) return { ok: false, status: 409, error: pendingMessage(kind) };
    throw error;
  }
  return { ok: true, requestId: id };
}
