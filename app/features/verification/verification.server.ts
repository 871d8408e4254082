// Verification requests (spec provider §2, §4, §5): a provider sends the front and back of a licence
// (kind 'id') or three photos (kind 'photo') for one of their listings; an administrator approves or
// rejects. ID documents are the most sensitive thing we hold, so:
//  - every file is checked by its bytes and re-encoded (processVerificationImage: WebP, no metadata, no
//    watermark) before it is stored, under "private/verification/", which no public URL serves;
//  - only an administrator can view them (verificationFileResponse, never cached);
//  - they are deleted from R2 as soon as the request is decided, and with the listing or the account
//    (listing-delete.server.ts). If a delete fails, the row keeps the keys and sweepVerificationFiles
//    finishes the job on the next administrator visit to the queue.
import { and, asc, desc, eq, exists, gt, notExists, or, sql } from "drizzle-orm";
import { alias, type SQLiteUpdateSetSource } from "drizzle-orm/sqlite-core";
import { isId, newId } from "~/platform/data/ids";
import { photoUrl } from "~/features/photos/keys";
import {
  canRequestId,
  canRequestPhoto,
  DEFAULT_ID_DOCUMENT,
  eligibilityError,
  fieldsFor,
  fileMessage,
  ID_DOCUMENT_MSG,
  isIdDocument,
  isVerificationKey,
  missingFileMessage,
  parseKeyList,
  parseRejectReason,
  pendingMessage,
  APPROVAL_NOTICE_MS,
  REJECTION_NOTICE_MS,
  VERIFICATION_PREFIX,
  verificationFileProblem,
  verificationKey,
  VERIFY_MSG,
  type IdDocument,
  type VerificationKind,
  type VerificationNotice,
} from "./verification";
import { SNIFF_BYTES } from "~/features/photos/rules";
import { auditInsert } from "~/features/moderation/audit.server";
import type { SessionUser } from "~/features/accounts/auth.server";
import { visibilityInputs } from "~/features/listings/visibility";
import { visibilitySet } from "~/features/listings/visibility.server";
import { verificationDecisionEmail } from "./emails";
import { sendEmail, siteName, type EmailEnv } from "~/platform/email/email.server";
import { getDb, schema, type Db } from "~/platform/data/db.server";
import type { ListingRow } from "../../../drizzle/schema";
import { afterListingChange } from "~/features/moderation/moderation.server";
import { publicState } from "~/platform/realtime/publish.server";
import { processVerificationImage } from "~/features/photos/pipeline.server";
import { overLimit } from "~/platform/http/rate-limit.server";
import type { WaitUntil } from "~/platform/request-context";

const l = schema.listings;
const vr = schema.verificationRequests;
const u = schema.users;
const img = schema.listingImages;

// Written as literals, not bound values: SQLite uses a partial index (the one pending request per listing
// and kind, and the sweep's leftover index, migration 0006) only for a WHERE that states its condition.
const isPending = sql`${vr.status} = 'pending'`;
const isDecided = sql`${vr.status} <> 'pending'`;
const namesFiles = sql`${vr.r2Keys} <> '[]'`;

// ---------------------------------------------------------------------------------------------------
// The provider's side

export type VerificationChoice = {
  modelId: string;
  firstName: string;
  location: string;
  coverUrl: string | null;
  imageCount: number;
  /** A request of this kind is already waiting for review. */
  pending: boolean;
};

type ListingFacts = Pick<
  ListingRow,
  "id" | "userId" | "firstName" | "location" | "verified" | "photoVerified" | "coverKey"
> & { imageCount: number };

// Spelled out in full: drizzle leaves the table name off columns of a one-table select, and a bare "id"
// inside this subquery would mean listing_images.id.
const imageCountSql =
  sql<number>`(SELECT COUNT(*) FROM listing_images WHERE listing_images.listing_id = listings.id)`.mapWith(Number);

function factsQuery(db: Db) {
  return db
    .select({
      id: l.id,
      userId: l.userId,
      firstName: l.firstName,
      location: l.location,
      verified: l.verified,
      photoVerified: l.photoVerified,
      coverKey: l.coverKey,
      imageCount: imageCountSql,
    })
    .from(l);
}

/**
 * The user's listings that may be put forward for `kind`: unverified ones for ID verification; for photo
 * verification, those not photo-verified with at least 4 photos. Oldest first, as on the dashboard.
 */
export async function loadVerificationChoices(
  env: Pick<Env, "DB">,
  userId: string,
  kind: VerificationKind,
): Promise<VerificationChoice[]> {
  const db = getDb(env);
  const [rows, pending] = await db.batch([
    factsQuery(db).where(eq(l.userId, userId)).orderBy(asc(l.createdAt), asc(l.id)),
    db
      .select({ listingId: vr.listingId })
      .from(vr)
      .where(and(eq(vr.userId, userId), eq(vr.kind, kind), eq(vr.status, "pending"))),
  ]);
  const waiting = new Set(pending.map((p) => p.listingId));
  return rows
    .filter((r) => (kind === "id" ? canRequestId(r) : canRequestPhoto(r)))
    .map((r) => ({
      modelId: r.id,
      firstName: r.firstName,
      location: r.location,
      coverUrl: r.coverKey ? photoUrl(r.coverKey) : null,
      imageCount: r.imageCount,
      pending: waiting.has(r.id),
    }));
}

export type SubmitResult =
  { ok: true; requestId: string } | { ok: false; status: 400 | 403 | 409 | 413; error: string; field?: string };

/**
 * Checks and stores one request. Order: the listing (ours? eligible? nothing pending?), then the files'
 * presence, then each file by size and bytes, then processing. Nothing is stored unless everything passes;
 * objects written before a failure are removed again.
 */
export async function submitVerification(
  env: Pick<Env, "DB" | "PHOTOS" | "IMAGES">,
  user: Pick<SessionUser, "id">,
  kind: VerificationKind,
  modelId: string | undefined,
  form: FormData,
  now = Date.now(),
): Promise<SubmitResult> {
  if (!isId(modelId)) return { ok: false, status: 400, error: VERIFY_MSG.invalidModel };
  const [listing]: ListingFacts[] = await factsQuery(getDb(env)).where(eq(l.id, modelId)).limit(1);
  // Someone else's listing answers like a missing one: ids cannot be probed.
  if (!listing || listing.userId !== user.id) return { ok: false, status: 403, error: VERIFY_MSG.notYours };
  const ineligible = eligibilityError(kind, listing);
  if (ineligible) return { ok: false, status: 409, error: ineligible };
  if (await hasPending(env, modelId, kind)) return { ok: false, status: 409, error: pendingMessage(kind) };

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
  // Cheap checks on every file before any expensive processing.
  for (const [i, file] of files.entries()) {
    const head = new Uint8Array(await file.slice(0, SNIFF_BYTES).arrayBuffer());
    const problem = verificationFileProblem(kind, file.size, head);
    if (problem)
      return { ok: false, status: problem === fileMessage(kind, "size") ? 413 : 400, error: problem, field: fields[i] };
  }

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
        listingId: modelId,
        userId: user.id,
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

async function hasPending(env: Pick<Env, "DB">, listingId: string, kind: VerificationKind): Promise<boolean> {
  const [row] = await getDb(env)
    .select({ one: sql`1` })
    .from(vr)
    .where(and(eq(vr.listingId, listingId), eq(vr.kind, kind), isPending))
    .limit(1);
  return row != null;
}

/**
 * The provider's notices on the dashboard: requests waiting for review, rejections (with the
 * administrator's reason) from the last 30 days and approvals from the last 7, that no newer request of the
 * same kind has replaced.
 */
export async function loadVerificationNotices(
  env: Pick<Env, "DB">,
  userId: string,
  now = Date.now(),
): Promise<VerificationNotice[]> {
  // A newer request of the same kind for the same listing replaces a rejection's notice.
  const newer = alias(vr, "newer");
  const db = getDb(env);
  const rows = await db
    .select({
      id: vr.id,
      kind: vr.kind,
      status: vr.status,
      reason: vr.reason,
      createdAt: vr.createdAt,
      decidedAt: vr.decidedAt,
      rereview: vr.rereview,
      firstName: l.firstName,
      verified: l.verified,
      paid: l.paid,
      pausedAt: l.pausedAt,
      hiddenAsStale: l.hiddenAsStale,
      switchedOff: l.switchedOff,
    })
    .from(vr)
    .innerJoin(l, eq(l.id, vr.listingId))
    .where(
      and(
        eq(vr.userId, userId),
        or(
          isPending,
          and(
            or(
              and(eq(vr.status, "rejected"), gt(vr.decidedAt, now - REJECTION_NOTICE_MS)),
              and(eq(vr.status, "approved"), gt(vr.decidedAt, now - APPROVAL_NOTICE_MS)),
            ),
            notExists(
              db
                .select({ one: sql`1` })
                .from(newer)
                .where(
                  and(eq(newer.listingId, vr.listingId), eq(newer.kind, vr.kind), gt(newer.createdAt, vr.createdAt)),
                ),
            ),
          ),
        ),
      ),
    )
    .orderBy(desc(vr.createdAt))
    .limit(20);
  return rows.map((r) => ({
    requestId: r.id,
    kind: r.kind,
    status: r.status,
    listingName: r.firstName,
    reason: r.reason,
    at: r.decidedAt ?? r.createdAt,
    rereview: r.rereview,
    listing: visibilityInputs(r),
  }));
}

// ---------------------------------------------------------------------------------------------------
// The administrators' side

export type PendingRequest = {
  id: string;
  kind: VerificationKind;
  listingId: string;
  listingName: string;
  location: string;
  listingVerified: boolean;
  listingPhotoVerified: boolean;
  accountName: string;
  createdAt: number;
  fileCount: number;
  /** Opened by the app after changes to a verified listing: what changed, for the administrator. */
  rereview: boolean;
  /** Which document an ID request sent (null: a photo request). */
  documentType: IdDocument | null;
  changes: string;
};

export const QUEUE_LIMIT = 100;

/** Pending requests, oldest first (first come, first served). */
export async function loadPendingRequests(env: Pick<Env, "DB">): Promise<PendingRequest[]> {
  const rows = await getDb(env)
    .select({
      id: vr.id,
      kind: vr.kind,
      listingId: vr.listingId,
      listingName: l.firstName,
      location: l.location,
      listingVerified: l.verified,
      listingPhotoVerified: l.photoVerified,
      accountName: schema.users.firstName,
      createdAt: vr.createdAt,
      r2Keys: vr.r2Keys,
      rereview: vr.rereview,
      changes: vr.changes,
      documentType: vr.documentType,
    })
    .from(vr)
    .innerJoin(l, eq(l.id, vr.listingId))
    .innerJoin(schema.users, eq(schema.users.id, vr.userId))
    .where(eq(vr.status, "pending"))
    .orderBy(asc(vr.createdAt), asc(vr.id))
    .limit(QUEUE_LIMIT);
  return rows.map(({ r2Keys, ...r }) => ({ ...r, fileCount: parseKeyList(r2Keys).length }));
}

export const DECIDE_MSG = {
  notFound: "This request no longer exists.",
  decided: "This request has already been decided.",
  invalid: "Invalid request id",
} as const;

export type DecideResult =
  | { ok: true; listingId: string; status: "approved" | "rejected"; filesDeleted: boolean }
  | { ok: false; status: 400 | 403 | 404 | 409; error: string };

/**
 * Approves (verified or photoVerified on) or rejects (with a reason for the provider) a pending request,
 * in one batch: the request's decision first (guarded on still being pending), then the listing's flag
 * and updated_at, then the audit row; the last two only if the first took effect. Then the files go.
 */
export async function decideRequest(
  env: Pick<Env, "DB" | "PHOTOS" | "PROFILES" | "ListingsRoom" | "SITE_NAME"> & EmailEnv,
  ctx: WaitUntil,
  admin: Pick<SessionUser, "id" | "isAdmin">,
  requestId: unknown,
  decision: "approve" | "reject",
  reasonInput?: unknown,
  { origin, now = Date.now() }: { origin?: string; now?: number } = {},
): Promise<DecideResult> {
  if (!admin.isAdmin) return { ok: false, status: 403, error: "Administrators only" };
  if (!isId(requestId)) return { ok: false, status: 400, error: DECIDE_MSG.invalid };
  const [request] = await getDb(env)
    .select({
      id: vr.id,
      kind: vr.kind,
      rereview: vr.rereview,
      listingId: vr.listingId,
      status: vr.status,
      r2Keys: vr.r2Keys,
      listingName: l.firstName,
      // What visitors saw before: an approval can put the listing live, a withdrawal take it off.
      live: l.live,
      location: l.location,
    })
    .from(vr)
    .innerJoin(l, eq(l.id, vr.listingId))
    .where(eq(vr.id, requestId))
    .limit(1);
  if (!request) return { ok: false, status: 404, error: DECIDE_MSG.notFound };
  if (request.status !== "pending") return { ok: false, status: 409, error: DECIDE_MSG.decided };
  let reason = "";
  if (decision === "reject") {
    const parsed = parseRejectReason(reasonInput);
    if (!parsed.ok) return { ok: false, status: 400, error: parsed.error };
    reason = parsed.reason;
  }

  const status = decision === "approve" ? "approved" : "rejected";
  // "This batch decided the request": the marker the later statements check (changes() would only speak
  // for the statement right before them).
  const db = getDb(env);
  const decidedHere = exists(
    db
      .select({ one: sql`1` })
      .from(vr)
      .where(and(eq(vr.id, request.id), eq(vr.status, status), eq(vr.decidedAt, now), eq(vr.decidedBy, admin.id))),
  );
  // An approved ID review records the photos it saw (the baseline for 'most photos replaced'); a rejected
  // re-review takes the verification away, and with it the listing off the site (decision 0007).
  const reviewedImageIds = sql<string>`${db
    .select({ ids: sql`json_group_array(${img.id})` })
    .from(img)
    .where(eq(img.listingId, l.id))}`;
  // Verified is one of the visibility rule's inputs: an approved, paid listing goes live by itself.
  const flags: SQLiteUpdateSetSource<typeof l> =
    decision === "reject"
      ? request.rereview
        ? visibilitySet({ verified: false }, now)
        : {}
      : request.kind === "id"
        ? { ...visibilitySet({ verified: true }, now), reviewedImageIds }
        : { photoVerified: true };
  const [decided] = await db.batch([
    db
      .update(vr)
      .set({ status, reason, decidedAt: now, decidedBy: admin.id })
      .where(and(eq(vr.id, request.id), isPending)),
    // A rejection changes no flag but still moves updated_at: the owner's open dashboard reloads and shows why.
    db
      .update(l)
      .set({ ...flags, updatedAt: now })
      .where(and(eq(l.id, request.listingId), decidedHere)),
    auditInsert(
      db,
      {
        adminId: admin.id,
        action: `${decision}_${request.rereview ? "rereview" : request.kind}`,
        listingId: request.listingId,
        requestId: request.id,
        detail: reason ? `${request.listingName}: ${reason}` : request.listingName,
      },
      now,
      decidedHere,
    ),
  ]);
  if (!decided.meta.changes) return { ok: false, status: 409, error: DECIDE_MSG.decided };

  const filesDeleted = await purgeRequestFiles(env, request.id, parseKeyList(request.r2Keys));
  await afterListingChange(env, ctx, request.listingId, publicState(request));
  if (origin) await tellOwner(env, { ...request, status, reason }, origin);
  return { ok: true, listingId: request.listingId, status, filesDeleted };
}

/** Each decision reaches the owner by e-mail too, with the reason for a refusal and the next step. */
async function tellOwner(
  env: EmailEnv & Pick<Env, "SITE_NAME">,
  decided: {
    listingId: string;
    kind: VerificationKind;
    rereview: boolean;
    status: "approved" | "rejected";
    reason: string;
  },
  origin: string,
) {
  const [row] = await getDb(env)
    .select({
      email: u.email,
      firstName: u.firstName,
      listingName: l.firstName,
      verified: l.verified,
      paid: l.paid,
      pausedAt: l.pausedAt,
      hiddenAsStale: l.hiddenAsStale,
      switchedOff: l.switchedOff,
    })
    .from(l)
    .innerJoin(u, eq(u.id, l.userId))
    .where(eq(l.id, decided.listingId))
    .limit(1);
  if (!row) return;
  await sendEmail(env, {
    to: row.email,
    ...verificationDecisionEmail({
      origin,
      siteName: siteName(env),
      firstName: row.firstName,
      listingName: row.listingName,
      kind: decided.kind,
      rereview: decided.rereview,
      status: decided.status,
      reason: decided.reason,
      listing: visibilityInputs(row),
    }),
  });
}

// R2 deletes are retried; a failure leaves the keys on the (decided) row for the sweep.
const ATTEMPTS = 3;

async function deleteFiles(env: Pick<Env, "PHOTOS">, keys: string[]): Promise<boolean> {
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
async function purgeRequestFiles(env: Pick<Env, "DB" | "PHOTOS">, requestId: string, keys: string[]): Promise<boolean> {
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

const NOT_FOUND = () => new Response("Not found", { status: 404, headers: { "Cache-Control": "no-store" } });

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
      "Cache-Control": "private, no-store",
      "Content-Disposition": 'inline; filename="verification.webp"',
      "Content-Security-Policy": "default-src 'none'",
      "X-Content-Type-Options": "nosniff",
      "Referrer-Policy": "no-referrer",
    },
  });
}

/**
 * Requests per provider: each carries up to 15 MB of images to process, so a script must not be able to
 * send them in a loop. An outage of the limiter lets the request through (the API and the page form).
 */
export function verificationLimited(env: Pick<Env, "WRITE_LIMITER">, userId: string): Promise<boolean> {
  return overLimit(env.WRITE_LIMITER, `verify:${userId}`, "open");
}
