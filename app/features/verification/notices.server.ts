// The provider's notices about their verification requests, shown on the dashboard.
import { and, desc, eq, gt, notExists, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import type { Placeholder, SQL } from "drizzle-orm";
import { schema } from "~/platform/data/db.server";
import type { Db } from "~/platform/data/db.server";
import { visibilityInputs } from "~/features/listings/visibility";
import { visibilityColumns } from "~/features/listings/visibility.server";
import { APPROVAL_NOTICE_MS, REJECTION_NOTICE_MS } from "./verification";
import type { VerificationNotice } from "./verification";
import { isPending } from "./request-status.server";

const l = schema.listings;
const vr = schema.verificationRequests;

/**
 * The provider's notices on the dashboard: requests waiting for review, rejections (with the
 * administrator's reason) from the last 30 days and approvals from the last 7, that no newer request of the
 * same kind has replaced. `owner` is a user id or a subquery naming one; `since` the times the rejections and
 * approvals shown must be newer than (noticeTimes), or placeholders for them (keptSelect).
 */
export function verificationNoticesQuery(
  db: Db,
  owner: SQL | Placeholder | string,
  since: { rejectedAfter: Placeholder | number; approvedAfter: Placeholder | number },
) {
  // A newer request of the same kind for the same listing replaces a rejection's notice.
  const newer = alias(vr, "newer");
  return db
    .select({
      id: vr.id,
      kind: vr.kind,
      status: vr.status,
      reason: vr.reason,
      reopened: sql<boolean>`${vr.reopenedAt} is not null`.mapWith(Boolean),
      createdAt: vr.createdAt,
      decidedAt: vr.decidedAt,
      rereview: vr.rereview,
      firstName: l.firstName,
      ...visibilityColumns,
    })
    .from(vr)
    .innerJoin(l, eq(l.id, vr.listingId))
    .where(
      and(
        eq(vr.userId, owner),
        or(
          isPending,
          and(
            or(
              and(eq(vr.status, "rejected"), gt(vr.decidedAt, since.rejectedAfter)),
              and(eq(vr.status, "approved"), gt(vr.decidedAt, since.approvedAfter)),
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
}

/** The times a notice's decision must be newer than, at `now`. */
export function noticeTimes(now: number) {
  return { rejectedAfter: now - REJECTION_NOTICE_MS, approvedAfter: now - APPROVAL_NOTICE_MS };
}

export function toVerificationNotices(
  rows: Awaited<ReturnType<typeof verificationNoticesQuery>>,
): VerificationNotice[] {
  return rows.map((r) => ({
    requestId: r.id,
    kind: r.kind,
    status: r.status,
    listingName: r.firstName,
    reason: r.reason,
    reopened: r.reopened,
    at: r.decidedAt ?? r.createdAt,
    rereview: r.rereview,
    listing: visibilityInputs(r),
  }));
}
