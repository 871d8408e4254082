// The writes behind features/listings/reverification.ts: opening (or adding to) the listing's
// pending re-review, as statements for the caller's own batch so the change and its effect on the badges
// are one atomic write.
import { and, eq, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { newId } from "~/platform/data/ids";
import type { BadgeEffects } from "./reverification";
import { schema } from "~/platform/data/db.server";
import type { Db } from "~/platform/data/db.server";

const l = schema.listings;
const vr = schema.verificationRequests;

export function parseIdList(json: string): string[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : [];
  } catch {
    return [];
  }
}

/**
 * `baseline`: for a verified listing with no recorded review baseline (verified before baselines existed),
 * the photos before this change become it, so a series of small additions cannot slip past 'most photos'.
 */
export function badgeStatements(
  db: Db,
  listingId: string,
  ownerId: string,
  effects: BadgeEffects,
  now: number,
  baseline?: readonly string[],
): BatchItem<"sqlite">[] {
  const out: BatchItem<"sqlite">[] = [];
  if (baseline?.length) {
    out.push(
      db
        .update(l)
        .set({ reviewedImageIds: JSON.stringify(baseline) })
        .where(and(eq(l.id, listingId), eq(l.reviewedImageIds, "[]"))),
    );
  }
  if (effects.reReview.length) {
    // One pending re-review per listing (the pending-request index): a later change adds its reasons.
    out.push(
      db
        .insert(vr)
        .values({
          id: newId(),
          kind: "id",
          listingId,
          userId: ownerId,
          status: "pending",
          rereview: true,
          changes: effects.reReview.join("; "),
          createdAt: now,
        })
        .onConflictDoUpdate({
          target: [vr.listingId, vr.kind],
          // A literal, as the partial index states it: SQLite matches the conflict target to the index by it.
          targetWhere: sql`${vr.status} = 'pending' AND ${vr.kind} = 'id'`,
          set: { changes: sql`substr(${vr.changes} || '; ' || excluded.changes, 1, 1000)` },
          setWhere: eq(vr.rereview, true),
        }),
    );
  }
  return out;
}
