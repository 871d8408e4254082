// An administrator's decision on a verification request (spec provider §2, §4): the request, the
// listing's flag and the audit row in one batch, then the files go and the owner hears by e-mail.
import type { WaitUntil } from "~/platform/request-context";
import { and, eq, exists, inArray, sql } from "drizzle-orm";
import type { SQL } from "drizzle-orm";
import type { SQLiteUpdateSetSource } from "drizzle-orm/sqlite-core";
import type { BatchItem } from "drizzle-orm/batch";
import { isId } from "~/platform/data/ids";
import { DECIDE_MSG, parseRejectReason } from "./verification";
import type { VerificationKind } from "./verification";
import { auditInsert } from "~/features/audit/audit.server";
import type { SessionUser } from "~/features/accounts/auth.server";
import { visibilityInputs } from "~/features/listings/visibility";
import { visibilitySet } from "~/features/listings/visibility.server";
import { verificationDecisionEmail } from "./emails";
import { sendEmail, siteName } from "~/platform/email/email.server";
import type { EmailEnv } from "~/platform/email/email.server";
import { getDb, schema } from "~/platform/data/db.server";
import type { Db } from "~/platform/data/db.server";
import { publicState } from "~/platform/realtime/publish.server";
import { isPending } from "./request-status.server";
import { purgeRequestFiles } from "./files.server";
import { afterListingChange } from "~/features/profile/after-change.server";
import { parseKeyList } from "~/core/photo-keys";
import { parseIdList } from "~/features/listings/reverification.server";
import { coverStatement } from "~/features/photos/plan-photos.server";

const l = schema.listings;
const vr = schema.verificationRequests;
const u = schema.users;
const img = schema.listingImages;
const pending = schema.photoChecksPending;

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
  const db = getDb(env);
  const request = await loadRequest(db, requestId);
  if (!request) return { ok: false, status: 404, error: DECIDE_MSG.notFound };
  if (request.status !== "pending") return { ok: false, status: 409, error: DECIDE_MSG.decided };
  let reason = "";
  if (decision === "reject") {
    const parsed = parseRejectReason(reasonInput);
    if (!parsed.ok) return { ok: false, status: 400, error: parsed.error };
    reason = parsed.reason;
  }

  const status = decision === "approve" ? "approved" : "rejected";
  const decided = await recordDecision(db, { request, adminId: admin.id, decision, status, reason, now });
  if (!decided) return { ok: false, status: 409, error: DECIDE_MSG.decided };

  const filesDeleted = await purgeRequestFiles(env, request.id, parseKeyList(request.r2Keys));
  await afterListingChange(env, ctx, request.listingId, publicState(request));
  if (origin) await tellOwner(env, { ...request, status, reason }, origin);
  return { ok: true, listingId: request.listingId, status, filesDeleted };
}

type DecidedRequest = NonNullable<Awaited<ReturnType<typeof loadRequest>>>;

async function loadRequest(db: Db, requestId: string) {
  const [request] = await db
    .select({
      id: vr.id,
      kind: vr.kind,
      rereview: vr.rereview,
      listingId: vr.listingId,
      imageIds: vr.imageIds,
      createdAt: vr.createdAt,
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
  return request;
}

/** What the decision does to the listing's flags. */
function listingFlags(
  db: Db,
  request: DecidedRequest,
  decision: "approve" | "reject",
  now: number,
): SQLiteUpdateSetSource<typeof l> {
  // An approved ID review records the photos it saw (the baseline for 'most photos replaced'); a rejected
  // re-review takes the verification away, and with it the listing off the site (decision 0007).
  const reviewedImageIds = sql<string>`${db
    .select({ ids: sql`json_group_array(${img.id})` })
    .from(img)
    .where(eq(img.listingId, l.id))}`;
  // Verified is one of the visibility rule's inputs: an approved, paid listing goes live by itself. A photo
  // request's decision changes its photos (photoStatements), and the cover's tick with them.
  return decision === "reject"
    ? request.rereview
      ? visibilitySet({ verified: false }, now)
      : {}
    : request.kind === "id"
      ? { ...visibilitySet({ verified: true }, now), reviewedImageIds }
      : {};
}

/**
 * A photo request's decision on its photos, only if this batch decided it: approved, each photo it asked about
 * that is still on the listing is verified now (a request from before photos were named covers the photos the
 * listing had when it was sent); either way they stop waiting, and the cover's tick follows its photo.
 */
function photoStatements(
  db: Db,
  request: DecidedRequest,
  decision: "approve" | "reject",
  now: number,
  decidedHere: SQL,
) {
  if (request.kind !== "photo") return [];
  const named = parseIdList(request.imageIds);
  const asked = named.length ? inArray(img.id, named) : sql`${img.createdAt} <= ${request.createdAt}`;
  const approve =
    decision === "approve"
      ? [
          db
            .update(img)
            .set({ verifiedAt: now })
            .where(and(eq(img.listingId, request.listingId), asked, decidedHere)),
        ]
      : [];
  return [
    ...approve,
    db.delete(pending).where(eq(pending.requestId, request.id)),
    coverStatement(db, request.listingId),
  ];
}

/** The one batch; true when this batch decided the request (false: someone else got there first). */
async function recordDecision(
  db: Db,
  {
    request,
    adminId,
    decision,
    status,
    reason,
    now,
    guard = isPending,
    before = [],
    auditDetail,
  }: {
    request: DecidedRequest;
    adminId: string;
    decision: "approve" | "reject";
    status: "approved" | "rejected";
    reason: string;
    now: number;
    /** Which requests this decision may change: pending ones, or a refusal overturned on appeal. */
    guard?: SQL;
    /** Statements that go first in the batch (an appeal's own decision, which `guard` then checks). */
    before?: BatchItem<"sqlite">[];
    auditDetail?: string;
  },
): Promise<boolean> {
  // "This batch decided the request": the marker the later statements check (changes() would only speak
  // for the statement right before them).
  const decidedHere = exists(
    db
      .select({ one: sql`1` })
      .from(vr)
      .where(and(eq(vr.id, request.id), eq(vr.status, status), eq(vr.decidedAt, now), eq(vr.decidedBy, adminId))),
  );
  const flags = listingFlags(db, request, decision, now);
  const results = await db.batch([
    ...(before as [BatchItem<"sqlite">]),
    db
      .update(vr)
      .set({ status, reason, decidedAt: now, decidedBy: adminId })
      .where(and(eq(vr.id, request.id), guard)),
    // A rejection changes no flag but still moves updated_at: the owner's open dashboard reloads and shows why.
    db
      .update(l)
      .set({ ...flags, updatedAt: now })
      .where(and(eq(l.id, request.listingId), decidedHere)),
    auditInsert(
      db,
      {
        adminId,
        action: `${decision}_${request.rereview ? "rereview" : request.kind}`,
        listingId: request.listingId,
        requestId: request.id,
        detail: auditDetail ?? (reason ? `${request.listingName}: ${reason}` : request.listingName),
      },
      now,
      decidedHere,
    ),
    ...photoStatements(db, request, decision, now, decidedHere),
  ]);
  return (results[before.length] as D1Result).meta.changes > 0;
}

/**
 * A refusal approved on appeal (docs/decisions/0064-review-times-and-appeals.md): an approval's effects, in one
 * batch after the appeal's statements, only if they decided the appeal. False when it is not a refusal (now).
 */
export async function approveAfterAppeal(
  env: Pick<Env, "DB" | "PHOTOS" | "PROFILES" | "ListingsRoom" | "SITE_NAME"> & EmailEnv,
  ctx: WaitUntil,
  adminId: string,
  requestId: string,
  appeal: { statements: BatchItem<"sqlite">[]; decided: SQL },
  { origin, now }: { origin: string; now: number },
): Promise<boolean> {
  const db = getDb(env);
  const request = await loadRequest(db, requestId);
  if (!request || request.status !== "rejected") return false;
  const approved = await recordDecision(db, {
    request,
    adminId,
    decision: "approve",
    status: "approved",
    reason: "",
    now,
    guard: and(sql`${vr.status} = 'rejected'`, appeal.decided)!,
    before: appeal.statements,
    auditDetail: `${request.listingName}: approved on appeal`,
  });
  if (!approved) return false;
  await afterListingChange(env, ctx, request.listingId, publicState(request));
  await tellOwner(env, { ...request, status: "approved", reason: "" }, origin);
  return true;
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
      awaitingConsent: l.awaitingConsent,
      agencyHeld: l.agencyHeld,
      numberHeld: l.numberHeld,
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
