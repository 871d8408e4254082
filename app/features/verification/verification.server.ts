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
import { isId } from "~/platform/data/ids";
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
  VERIFY_MSG,
} from "./verification";
import type { IdDocument, VerificationKind } from "./verification";
import type { SessionUser } from "~/features/accounts/auth.server";
import { getDb, schema } from "~/platform/data/db.server";
import { overLimit } from "~/platform/http/rate-limit.server";
import { readBody } from "~/platform/http/body.server";
import { factsQuery } from "./choices.server";
import type { ListingFacts } from "./choices.server";
import { checkFiles, processFiles, storeRequest } from "./request-store.server";
import type { Refusal, SubmitResult } from "./request-store.server";
import { submitPhotoCheck } from "./photo-request.server";
import { isPending } from "./request-status.server";
import type { DbEnv } from "~/platform/data/db.server";

const l = schema.listings;
const vr = schema.verificationRequests;

export type { SubmitResult } from "./request-store.server";

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
  // A photo request names its photos (docs/decisions/0055-each-photo-verified.md).
  if (kind === "photo") return submitPhotoCheck(env, user, listingId, form, now);
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
  const ineligible = eligibilityError(listing);
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
