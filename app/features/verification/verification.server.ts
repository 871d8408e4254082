// Verification requests (spec provider §2, §4, §5): a provider sends the front and back of a licence
// (kind 'id') or three photos (kind 'photo') for one of their listings; an administrator approves or
// rejects. ID documents are the most sensitive thing we hold, so:
//  - every file is checked by its bytes and re-encoded (processVerificationImage: WebP, no metadata, no
//    watermark) before it is stored, under "private/verification/", which no public URL serves;
//  - only an administrator can view them (verificationFileResponse, never cached);
//  - they are deleted from R2 as soon as the request is decided, and with the listing or the account
//    (listings/delete.server.ts). If a delete fails, the row keeps the keys and sweepVerificationFiles
//    finishes the job on the next administrator visit to the queue.
//
// This module takes a provider's request; the rest lives beside it, by concept: choices.server.ts (which
// listings qualify), notices.server.ts (the dashboard's notices), review-queue.server.ts and
// decision.server.ts (the administrators' side), files.server.ts (R2: delete, sweep, view).
import { and, eq, sql } from "drizzle-orm";
import { isId, newId } from "~/platform/data/ids";
import {
  DEFAULT_ID_DOCUMENT,
  eligibilityError,
  fieldsFor,
  fileMessage,
  ID_DOCUMENT_MSG,
  maxRequestBytes,
  isIdDocument,
  missingFileMessage,
  pendingMessage,
  verificationFileProblem,
  verificationKey,
  VERIFY_MSG,
} from "./verification";
import type { IdDocument, VerificationKind } from "./verification";
import { SNIFF_BYTES } from "~/features/photos/rules";
import type { SessionUser } from "~/features/accounts/auth.server";
import { getDb, schema } from "~/platform/data/db.server";
import { processVerificationImage } from "~/features/photos/pipeline.server";
import { overLimit } from "~/platform/http/rate-limit.server";
import { readBody } from "~/platform/http/body.server";
import { factsQuery } from "./choices.server";
import type { ListingFacts } from "./choices.server";
import { deleteFiles } from "./files.server";
import { isPending } from "./request-status.server";
import type { DbEnv } from "~/platform/data/db.server";

const l = schema.listings;
const vr = schema.verificationRequests;

export type SubmitResult =
  { ok: true; requestId: string } | { ok: false; status: 400 | 403 | 409 | 413; error: string; field?: string };
type Refusal = Extract<SubmitResult, { ok: false }>;

/**
 * Checks and stores one request. Order: the listing (ours? eligible? nothing pending?), then the files'
 * presence, then each file by size and bytes, then processing. Nothing is stored unless everything passes;
 * objects written before a failure are removed again.
 */
export async function submitVerification(
  env: Pick<Env, "DB" | "PHOTOS" | "IMAGES">,
  user: Pick<SessionUser, "id">,
  kind: VerificationKind,
  listingId: string | undefined,
  form: FormData,
  now = Date.now(),
): Promise<SubmitResult> {
  if (!isId(listingId)) return { ok: false, status: 400, error: VERIFY_MSG.invalidModel };
  const refused = await checkListing(env, user, kind, listingId);
  if (refused) return refused;
  const sent = collectFiles(kind, form);
  if (!sent.ok) return sent;
  const { documentType, fields, files } = sent;
  const problem = await checkFiles(kind, fields, files);
  if (problem) return problem;
  const processed = await processFiles(env, kind, fields, files);
  if (!processed.ok) return processed;
  return storeRequest(env, { kind, listingId, userId: user.id, documentType, processed: processed.bytes, now });
}

/** The listing: ours, eligible, nothing of this kind already waiting. */
async function checkListing(
  env: DbEnv,
  user: Pick<SessionUser, "id">,
  kind: VerificationKind,
  listingId: string,
): Promise<Refusal | null> {
  const [listing]: ListingFacts[] = await factsQuery(getDb(env)).where(eq(l.id, listingId)).limit(1);
  // Someone else's listing answers like a missing one: ids cannot be probed.
  if (!listing || listing.userId !== user.id) return { ok: false, status: 403, error: VERIFY_MSG.notYours };
  const ineligible = eligibilityError(kind, listing);
  if (ineligible) return { ok: false, status: 409, error: ineligible };
  if (await hasPending(env, listingId, kind)) return { ok: false, status: 409, error: pendingMessage(kind) };
  return null;
}

/** The files' presence: one per field the kind (and an ID request's document) asks for. */
function collectFiles(
  kind: VerificationKind,
  form: FormData,
): { ok: true; documentType: IdDocument | null; fields: readonly string[]; files: File[] } | Refusal {
  // Which document an ID request is: the provider's choice, or a licence when none is given (the JSON API).
  const chosen = form.get("documentType");
  if (kind === "id" && chosen !== null && !isIdDocument(chosen))
    return { ok: false, status: 400, error: ID_DOCUMENT_MSG.unknown, field: "documentType" };
  const documentType = kind === "id" ? (isIdDocument(chosen) ? chosen : DEFAULT_ID_DOCUMENT) : null;
  const fields = fieldsFor(kind, documentType);
  const files: File[] = [];
  for (const field of fields) {
    const parts = form.getAll(field);
    if (parts.length > 1) return { ok: false, status: 400, error: VERIFY_MSG.tooManyFiles, field };
    const part = parts[0];
    if (!part || typeof part === "string" || part.size === 0)
      return { ok: false, status: 400, error: missingFileMessage(kind, field, documentType), field };
    files.push(part);
  }
  return { ok: true, documentType, fields, files };
}

/** Cheap checks on every file (size, first bytes) before any expensive processing. */
async function checkFiles(kind: VerificationKind, fields: readonly string[], files: File[]): Promise<Refusal | null> {
  for (const [i, file] of files.entries()) {
    const head = new Uint8Array(await file.slice(0, SNIFF_BYTES).arrayBuffer());
    const problem = verificationFileProblem(kind, file.size, head);
    if (problem)
      return { ok: false, status: problem === fileMessage(kind, "size") ? 413 : 400, error: problem, field: fields[i] };
  }
  return null;
}

/** Each file re-encoded (WebP, no metadata, no watermark). */
async function processFiles(
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

/** The files into R2, then the row; without the row the files are removed again. */
async function storeRequest(
  env: Pick<Env, "DB" | "PHOTOS">,
  {
    kind,
    listingId,
    userId,
    documentType,
    processed,
    now,
  }: {
    kind: VerificationKind;
    listingId: string;
    userId: string;
    documentType: IdDocument | null;
    processed: Uint8Array[];
    now: number;
  },
): Promise<SubmitResult> {
  const keys = processed.map(() => verificationKey());
  const id = newId();
  try {
    for (const [i, bytes] of processed.entries()) {
      await env.PHOTOS.put(keys[i], bytes, { httpMetadata: { contentType: "image/webp" } });
    }
    await getDb(env)
      .insert(vr)
      .values({
        id,
        kind,
        listingId,
        userId,
        status: "pending",
        r2Keys: JSON.stringify(keys),
        createdAt: now,
        documentType,
      });
  } catch (error) {
    // No row, no way to find these files again: remove them now.
    await deleteFiles(env, keys);
    // drizzle wraps D1's error: the constraint is named in its cause.
    const cause = error instanceof Error && error.cause instanceof Error ? error.cause.message : "";
    if (/UNIQUE/i.test(cause)) {
      // Two submissions raced; the other one is waiting for review.
      return { ok: false, status: 409, error: pendingMessage(kind) };
    }
    throw error;
  }
  return { ok: true, requestId: id };
}

async function hasPending(env: DbEnv, listingId: string, kind: VerificationKind): Promise<boolean> {
  const [row] = await getDb(env)
    .select({ one: sql`1` })
    .from(vr)
    .where(and(eq(vr.listingId, listingId), eq(vr.kind, kind), isPending))
    .limit(1);
  return row != null;
}

/**
 * Requests per provider: each carries up to 15 MB of images to process, so a script must not be able to
 * send them in a loop. An outage of the limiter lets the request through (the API and the page form).
 */
function verificationLimited(env: Pick<Env, "WRITE_LIMITER">, userId: string): Promise<boolean> {
  return overLimit(env.WRITE_LIMITER, `verify:${userId}`, "open");
}

/**
 * A request's multipart body, read by the same rules for the page form and the JSON API: the provider's
 * rate limit first, then the kind's size limit (its own words when too large).
 */
export async function readVerificationBody(
  env: Pick<Env, "WRITE_LIMITER">,
  userId: string,
  request: Request,
  kind: VerificationKind,
): Promise<{ ok: true; form: FormData } | { ok: false; status: number; error: string }> {
  if (await verificationLimited(env, userId)) return { ok: false, status: 429, error: VERIFY_MSG.rateLimited };
  return readBody(request, {
    maxBytes: maxRequestBytes(kind),
    accept: ["multipart"],
    tooLarge: fileMessage(kind, "size"),
  });
}
