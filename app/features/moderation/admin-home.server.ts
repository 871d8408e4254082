// The administrators' home (/admin): how much waits in each queue. Each count uses the condition of the
// queue it counts (exported beside that queue's list), so a number here is the number of rows there. The
// Safety Net's two queues are counted by the Safety Net (safety-net/waiting.server.ts), above moderation.
import { count, eq } from "drizzle-orm";
import { countFailedRenewals } from "~/features/billing/billing-admin.server";
import { getDb, schema } from "~/platform/data/db.server";
import { leftOpen } from "~/features/payments/open-payments.server";
import { notRefunded } from "~/features/payments/unapplied.server";
import { isOpenReport } from "./reports.server";
import type { DbEnv } from "~/platform/data/db.server";
import type { ModerationCounts } from "./admin-home";

export async function loadQueueCounts(env: DbEnv, now = Date.now()): Promise<ModerationCounts> {
  const db = getDb(env);
  const vr = schema.verificationRequests;
  const l = schema.listings;
  const [verifications, reports, openPayments, strayPayments, failedRenewals] = await db.batch([
    // As the queue (review-queue.server.ts, pendingRequestsQuery): pending, with its listing and account.
    db
      .select({ n: count() })
      .from(vr)
      .innerJoin(l, eq(l.id, vr.listingId))
      .innerJoin(schema.users, eq(schema.users.id, vr.userId))
      .where(eq(vr.status, "pending")),
    db.select({ n: count() }).from(schema.reports).innerJoin(l, eq(l.id, schema.reports.listingId)).where(isOpenReport),
    db.select({ n: count() }).from(schema.payments).where(leftOpen(now)),
    db.select({ n: count() }).from(schema.unappliedPayments).where(notRefunded),
    countFailedRenewals(db),
  ]);
  const n = (rows: { n: number }[]) => rows[0]?.n ?? 0;
  return {
    verifications: n(verifications),
    reports: n(reports),
    openPayments: n(openPayments),
    strayPayments: n(strayPayments),
    failedRenewals: n(failedRenewals),
  };
}
