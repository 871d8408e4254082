// An administrator's decision on a held photo (docs/decisions/0057-stolen-photos-caught-at-upload.md):
// release it onto its listing, remove it, or take it down as impersonation (removed, and its hash refused at
// every later upload). One batch each: the review item's decision first, guarded on its still being pending,
// then everything else only if that write happened, and the audit row with it.
import { and, eq, sql } from "drizzle-orm";
import type { SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { getDb, schema } from "~/platform/data/db.server";
import type { Db } from "~/platform/data/db.server";
import { auditInsert } from "~/features/audit/audit.server";
import type { AuditAction } from "~/features/audit/audit";
import { coverStatement } from "~/features/photos/plan-photos.server";
import { photoHashStatement, takeDownStatement } from "~/features/photos/holds.server";
import { afterListingChange } from "~/features/profile/after-change.server";
import { visibilitySet } from "~/features/listings/visibility.server";
import { scheduleR2Deletes } from "~/features/photos/r2-deletes.server";
import { shownPhotoStatements } from "./shown-photo.server";
import type { WaitUntil } from "~/platform/request-context";

export const DECISIONS = ["release", "remove", "impersonation"] as const;
export type MatchDecision = (typeof DECISIONS)[number];

export function isMatchDecision(value: unknown): value is MatchDecision {
  return typeof value === "string" && (DECISIONS as readonly string[]).includes(value);
}

const STATUS = { release: "released", remove: "removed", impersonation: "impersonation" } as const;
const ACTION: Record<MatchDecision, AuditAction> = {
  release: "match_release",
  remove: "match_remove",
  impersonation: "match_impersonation",
};

export const DECIDE_MSG = {
  gone: "This item has already been decided, or its listing is gone.",
} as const;

type Env = Pick<globalThis.Env, "DB" | "PHOTOS" | "PROFILES" | "ListingsRoom" | "R2_DELETES">;
export type DecideResult = { ok: true } | { ok: false; status: number; error: string };

/**
 * What 'Impersonation' opens besides (a takedown case, from a feature above this one): statements for the
 * decision's batch, guarded on `when`, and what to do once it is written.
 */
export type CaseOpener = (
  db: Db,
  match: { listingId: string; otherListingId: string | null },
  now: number,
  when: SQL,
) => Promise<{ statements: BatchItem<"sqlite">[]; after: () => Promise<void> }>;

export async function decideMatch(
  env: Env,
  ctx: WaitUntil,
  adminId: string,
  reviewId: unknown,
  decision: MatchDecision,
  now = Date.now(),
  openCase?: CaseOpener,
): Promise<DecideResult> {
  if (typeof reviewId !== "string" || !reviewId) return { ok: false, status: 400, error: DECIDE_MSG.gone };
  const db = getDb(env);
  const r = schema.identityReviews;
  const h = schema.heldPhotos;
  const si = schema.listingImages;
  const ph = schema.photoHashes;
  const [item] = await db
    .select({
      listingId: r.listingId,
      otherListingId: r.otherListingId,
      kind: r.kind,
      heldPhone: r.heldPhone,
      held: h,
      shownId: si.id,
      shownKey: si.r2Key,
      shownHash: ph.hash,
    })
    .from(r)
    .leftJoin(h, eq(h.id, r.heldPhotoId))
    .leftJoin(si, eq(si.id, r.imageId))
    .leftJoin(ph, eq(ph.imageId, r.imageId))
    .where(and(eq(r.id, reviewId), eq(r.status, "pending")))
    .limit(1);
  const held = item?.held;
  const shown =
    item?.shownId && item.shownKey
      ? { id: item.shownId, listingId: item.listingId, r2Key: item.shownKey, hash: item.shownHash }
      : null;
  if (!item || (item.kind === "photo" && !held && !shown) || (item.kind === "phone" && !item.heldPhone))
    return { ok: false, status: 404, error: DECIDE_MSG.gone };
  const { listingId } = item;
  const status = STATUS[decision];
  // Every statement after the first runs only if the first decided this item now (a second administrator
  // deciding the same item at once finds it decided and changes nothing).
  const decidedNow = sql`exists (select 1 from ${r} where ${r.id} = ${reviewId} and ${r.status} = ${status} and ${r.decidedAt} = ${now} and ${r.decidedBy} = ${adminId})`;
  const statements = held
    ? photoStatements(db, decision, held, listingId, adminId, now, decidedNow)
    : shown
      ? shownPhotoStatements(db, decision, shown, adminId, now, decidedNow)
      : phoneStatements(db, decision, item.heldPhone ?? "", listingId, now, decidedNow);
  const opened =
    decision === "impersonation" && openCase
      ? await openCase(db, { listingId, otherListingId: item.otherListingId }, now, decidedNow)
      : null;
  const [first] = await db.batch([
    db
      .update(r)
      .set({ status, decidedAt: now, decidedBy: adminId })
      .where(and(eq(r.id, reviewId), eq(r.status, "pending"))),
    ...statements,
    ...(opened?.statements ?? []),
    auditInsert(db, { adminId, action: ACTION[decision], listingId }, now, decidedNow),
  ]);
  if (first.meta.changes === 0) return { ok: false, status: 409, error: DECIDE_MSG.gone };
  if (opened)
    ctx.waitUntil(opened.after().catch((error: unknown) => console.error("impersonation case notice", error)));
  if (shown) {
    if (decision === "release") return { ok: true };
    // The row is gone, so nothing serves the photo; the object goes through the delete queue.
    await scheduleR2Deletes(env, [shown.r2Key], "photo removed as a match", now);
    await afterListingChange(env, ctx, listingId);
  } else if (decision === "release") await afterListingChange(env, ctx, listingId);
  else if (held)
    ctx.waitUntil(env.PHOTOS.delete(held.r2Key).catch((error: unknown) => console.error("held photo delete", error)));
  return { ok: true };
}

type Held = typeof schema.heldPhotos.$inferSelect;

/** A held photo: shown on release, its hash refused on impersonation, and gone from the held photos. */
function photoStatements(
  db: Db,
  decision: MatchDecision,
  held: Held,
  listingId: string,
  adminId: string,
  now: number,
  decidedNow: SQL,
): BatchItem<"sqlite">[] {
  const h = schema.heldPhotos;
  const statements: BatchItem<"sqlite">[] = [];
  if (decision === "release") {
    const img = schema.listingImages;
    statements.push(
      db.insert(img).select(
        db
          .select({
            id: h.id,
            listingId: h.listingId,
            r2Key: h.r2Key,
            position:
              sql<number>`(select coalesce(max(${img.position}), 0) + 1 from ${img} where ${img.listingId} = ${listingId})`.as(
                "position",
              ),
            width: h.width,
            height: h.height,
            createdAt: sql<number>`${now}`.as("created_at"),
            public: sql<boolean>`1`.as("public"),
            keptOnStandard: sql<boolean>`0`.as("kept_on_standard"),
            verifiedAt: sql<number | null>`null`.as("verified_at"),
            // Its photo_hashes row, next in this batch, marks it hashed (migration 0081's trigger).
            hashState: sql<number>`0`.as("hash_state"),
            caseHidden: sql<boolean>`0`.as("case_hidden"),
          })
          .from(h)
          .where(and(eq(h.id, held.id), decidedNow)),
      ),
      photoHashStatement(db, held.id, listingId, held.hash, decidedNow),
      coverStatement(db, listingId),
    );
  } else if (decision === "impersonation") {
    statements.push(takeDownStatement(db, held.hash, listingId, adminId, now, decidedNow));
  }
  statements.push(db.delete(h).where(and(eq(h.id, held.id), decidedNow)));
  return statements;
}

/**
 * A held contact number (decision 0062): release puts it on the listing; remove and impersonation drop the
 * change, so the listing keeps the number it had (impersonation is recorded as such on the audit log).
 */
function phoneStatements(
  db: Db,
  decision: MatchDecision,
  phone: string,
  listingId: string,
  now: number,
  decidedNow: SQL,
): BatchItem<"sqlite">[] {
  if (decision !== "release") return [];
  const l = schema.listings;
  return [
    db
      .update(l)
      .set({ contactPhone: phone })
      .where(and(eq(l.id, listingId), decidedNow)),
    // A new listing held for its number (decision 0067) may now follow the rule; removed, it stays hidden
    // until its owner changes the number.
    db
      .update(l)
      .set(visibilitySet({ numberHeld: false }, now))
      .where(and(eq(l.id, listingId), eq(l.numberHeld, true), decidedNow)),
  ];
}
