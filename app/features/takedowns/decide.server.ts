// A takedown case's decision, whoever makes it: the owner who agrees, the clock when no answer came in time
// (HDCA s 24(2)(c)), or an administrator. The case, what it does to the listing or its photos and the audit
// row are one D1 batch, each statement guarded on "this batch decided the case", so a second decision (a
// double click, the cron racing an administrator) changes nothing. Then the proof photo is deleted and both
// sides are told (docs/decisions/0063-takedown-cases.md).
import { and, eq, exists, inArray, ne, sql } from "drizzle-orm";
import type { SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { auditInsert } from "~/features/audit/audit.server";
import type { AuditAction } from "~/features/audit/audit";
import { coverStatement, photoVisibilityStatement } from "~/features/photos/plan-photos.server";
import { scheduleR2Deletes } from "~/features/photos/r2-deletes.server";
import { visibilitySet } from "~/features/listings/visibility.server";
import { afterListingChange } from "~/features/profile/after-change.server";
import { keyedHash } from "~/platform/crypto/sealing-key.server";
import { getDb, schema } from "~/platform/data/db.server";
import type { Db } from "~/platform/data/db.server";
import { sendEmail, siteName } from "~/platform/email/email.server";
import { publicState } from "~/platform/realtime/publish.server";
import type { WaitUntil } from "~/platform/request-context";
import { outcomeMail } from "./mail";
import { deleteProof } from "./proof.server";
import { parseIdList } from "./rules";
import type { Outcome, TakedownKind } from "./rules";

const t = schema.takedownCases;
const l = schema.listings;
const img = schema.listingImages;
const u = schema.users;

export type DecidedBy = { admin: string } | "owner" | "clock";

export type CaseRow = typeof t.$inferSelect;

export async function readCase(env: Pick<Env, "DB">, caseId: string): Promise<CaseRow | null> {
  const [row] = await getDb(env).select().from(t).where(eq(t.id, caseId)).limit(1);
  return row ?? null;
}

const WHY: Record<"owner" | "clock", string> = {
  owner: "The listing's owner agreed to remove it.",
  clock: "The listing's owner did not answer within 48 hours.",
};

/** What taking the content down writes, guarded on `decidedHere`: the listing out of sight, or its photos gone. */
function takeDownStatements(db: Db, row: CaseRow, now: number, decidedHere: SQL) {
  if (!row.listingId) return [];
  if (row.kind === "listed") {
    return [
      db
        .update(l)
        .set(visibilitySet({ switchedOff: true }, now))
        .where(and(eq(l.id, row.listingId), decidedHere)),
    ];
  }
  const ids = parseIdList(row.imageIds);
  if (ids.length === 0) return [];
  const numbered = db
    .select({
      id: img.id,
      rn: sql<number>`ROW_NUMBER() OVER (ORDER BY ${img.position}, ${img.createdAt}, ${img.id})`.as("rn"),
    })
    .from(img)
    .where(eq(img.listingId, row.listingId))
    .as("numbered");
  return [
    db.delete(img).where(and(eq(img.listingId, row.listingId), inArray(img.id, ids), decidedHere)),
    db
      .update(img)
      .set({ position: sql`${numbered.rn}` })
      .from(numbered)
      .where(and(eq(img.id, numbered.id), ne(img.position, numbered.rn))),
    coverStatement(db, row.listingId),
    db
      .update(l)
      .set({ updatedAt: now })
      .where(and(eq(l.id, row.listingId), decidedHere)),
  ];
}

/** Photos an administrator hid meanwhile come back when the content stays up (within the plan's limit). */
function restoreStatements(db: Db, row: CaseRow, decidedHere: SQL) {
  const ids = parseIdList(row.imageIds);
  if (!row.listingId || !row.photosHidden || ids.length === 0) return [];
  return [
    db
      .update(img)
      .set({ public: true, caseHidden: false })
      .where(and(eq(img.listingId, row.listingId), inArray(img.id, ids), decidedHere)),
    photoVisibilityStatement(db, row.listingId),
    coverStatement(db, row.listingId),
  ];
}

const AUDIT: Record<Outcome, AuditAction> = { taken_down: "takedown_remove", kept_up: "takedown_keep" };

/**
 * Decides an open case. `expect` narrows which cases this decision may close (the clock closes only a
 * waiting case whose answer is due). False when the case was already decided or no longer matches.
 */
export async function decideCase(
  env: Env,
  ctx: WaitUntil,
  row: CaseRow,
  outcome: Outcome,
  by: DecidedBy,
  reason: string,
  origin: string,
  now: number,
  expect: SQL = sql`1`,
): Promise<boolean> {
  const db = getDb(env);
  const decider = typeof by === "string" ? by : by.admin;
  const why = typeof by === "string" ? WHY[by] : reason;
  const decidedHere = exists(
    db
      .select({ one: sql`1` })
      .from(t)
      .where(and(eq(t.id, row.id), eq(t.status, "decided"), eq(t.decidedAt, now), eq(t.decidedBy, decider))),
  );
  const before = row.listingId
    ? (await db.select({ live: l.live, location: l.location }).from(l).where(eq(l.id, row.listingId)).limit(1))[0]
    : null;
  const photoKeys =
    outcome === "taken_down" && row.kind === "photos" && row.listingId
      ? await db
          .select({ key: img.r2Key })
          .from(img)
          .where(and(eq(img.listingId, row.listingId), inArray(img.id, parseIdList(row.imageIds))))
      : [];
  const [closed] = await db.batch([
    db
      .update(t)
      .set({
        status: "decided",
        outcome,
        decidedBy: decider,
        decidedAt: now,
        reason: why,
        proofKey: null,
        networkHash: null,
      })
      .where(and(eq(t.id, row.id), ne(t.status, "decided"), expect)),
    ...(outcome === "taken_down"
      ? takeDownStatements(db, row, now, decidedHere)
      : restoreStatements(db, row, decidedHere)),
    ...(typeof by === "string"
      ? []
      : [
          auditInsert(
            db,
            { adminId: by.admin, action: AUDIT[outcome], listingId: row.listingId, detail: `${row.id}: ${why}` },
            now,
            decidedHere,
          ),
        ]),
  ]);
  if (!closed.meta.changes) return false;
  if (row.proofKey) await deleteProof(env, row.proofKey);
  if (photoKeys.length)
    await scheduleR2Deletes(
      env,
      photoKeys.map((p) => p.key),
      "takedown",
    );
  if (row.listingId) await afterListingChange(env, ctx, row.listingId, publicState(before));
  ctx.waitUntil(tellBothSides(env, row, outcome, why, origin));
  return true;
}

/** HDCA s 24(2): both sides are told the outcome; the side refused may appeal once (not after an appeal). */
async function tellBothSides(env: Env, row: CaseRow, outcome: Outcome, why: string, origin: string, appealable = true) {
  const site = siteName(env);
  const mail = (to: "owner" | "complainant", appealLink?: string) =>
    outcomeMail({ site, to, listingName: row.listingName, kind: row.kind as TakedownKind, outcome, why, appealLink });
  const complainantLink =
    appealable && outcome === "kept_up"
      ? `${origin}/appeal/takedown/${row.id}?t=${await complainantAppealToken(env, row.id)}`
      : undefined;
  await sendEmail(env, { to: row.contact, ...mail("complainant", complainantLink) });
  if (!row.ownerId) return;
  const [owner] = await getDb(env).select({ email: u.email }).from(u).where(eq(u.id, row.ownerId)).limit(1);
  const ownerLink = appealable && outcome === "taken_down" ? `${origin}/appeal/takedown/${row.id}` : undefined;
  if (owner) await sendEmail(env, { to: owner.email, ...mail("owner", ownerLink) });
}

/** The complainant has no account: their appeal link carries a keyed hash of the case id instead. */
export function complainantAppealToken(env: object, caseId: string): Promise<string> {
  return keyedHash(env, "takedown-appeal", caseId);
}

/**
 * A decided case reversed on appeal (docs/decisions/0064-review-times-and-appeals.md), in one batch after the
 * appeal's own statement and only if that statement decided the appeal: content kept up comes down; a listing
 * taken down comes back (photos taken down were deleted: the owner may upload them again). Both sides are told.
 */
export async function reverseAfterAppeal(
  env: Env,
  ctx: WaitUntil,
  row: CaseRow,
  appeal: { statements: BatchItem<"sqlite">[]; decided: SQL },
  reason: string,
  origin: string,
  now: number,
): Promise<boolean> {
  if (row.status !== "decided" || !row.outcome) return false;
  const db = getDb(env);
  const outcome: Outcome = row.outcome === "kept_up" ? "taken_down" : "kept_up";
  const before = row.listingId
    ? (await db.select({ live: l.live, location: l.location }).from(l).where(eq(l.id, row.listingId)).limit(1))[0]
    : null;
  const photoKeys =
    outcome === "taken_down" && row.kind === "photos" && row.listingId
      ? await db
          .select({ key: img.r2Key })
          .from(img)
          .where(and(eq(img.listingId, row.listingId), inArray(img.id, parseIdList(row.imageIds))))
      : [];
  const restore =
    outcome === "kept_up" && row.kind === "listed" && row.listingId
      ? [
          db
            .update(l)
            .set(visibilitySet({ switchedOff: false }, now))
            .where(and(eq(l.id, row.listingId), appeal.decided)),
        ]
      : [];
  const results = await db.batch([
    ...(appeal.statements as [BatchItem<"sqlite">]),
    db
      .update(t)
      .set({ outcome, reason, decidedAt: now })
      .where(and(eq(t.id, row.id), eq(t.outcome, row.outcome), appeal.decided)),
    ...(outcome === "taken_down" ? takeDownStatements(db, row, now, appeal.decided) : restore),
  ]);
  if (!(results[appeal.statements.length] as D1Result).meta.changes) return false;
  if (photoKeys.length)
    await scheduleR2Deletes(
      env,
      photoKeys.map((p) => p.key),
      "takedown on appeal",
    );
  if (row.listingId) await afterListingChange(env, ctx, row.listingId, publicState(before));
  ctx.waitUntil(tellBothSides(env, { ...row, outcome }, outcome, reason, origin, false));
  return true;
}
