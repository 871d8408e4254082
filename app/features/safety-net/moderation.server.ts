// The administrators' side of the reports: the queue (oldest first, against the 48-hour target), publishing
// with the alert text they write, asking the reporter a question, declining with a reason, correcting or
// removing a published alert. The question, the reason and the alert text are sealed like the description.
// Every decision writes its audit row in the same batch, only when the decision changed something
// (docs/decisions/0023-safety-net.md, 0043-safety-net-second-pass.md). Correction requests are in
// corrections.server.ts, suspensions in suspensions.server.ts.
import { and, asc, count, desc, eq, gt, inArray, sql } from "drizzle-orm";
import type { SessionUser } from "~/core/session-user";
import { CHANGED, auditInsert } from "~/features/audit/audit.server";
import { getDb, schema } from "~/platform/data/db.server";
import { alertColumns, openAlerts } from "./alerts.server";
import type { Alert } from "./alerts.server";
import { alertExpiry, declinedExpiry } from "./retention";
import { SAFETY_MSG } from "./report-rules";
import type { AlertFields } from "./report-rules";
import { changedOr, fieldBinding, openReport, reportColumns } from "./reports.server";
import type { Outcome } from "./reports.server";
import { sealText } from "./safety-key.server";
import type { DbEnv } from "~/platform/data/db.server";

export type QueueItem = {
  id: string;
  incidentDate: string;
  region: string;
  category: string;
  description: string;
  status: "pending" | "question";
  secondLook: boolean;
  question: string;
  answer: string;
  createdAt: number;
};

export type PublishedAlert = Alert & { expiresAt: number };

/** Reports shown at once in the queue, oldest first; the heading says how many wait in all. */
export const QUEUE_SHOWN = 100;

const WAITING = inArray(schema.safetyReports.status, ["pending", "question"]);

/** The reports waiting (the oldest QUEUE_SHOWN, and how many in all) and the current alerts, opened. */
export async function loadModeration(
  env: DbEnv,
  now: number,
): Promise<{ queue: QueueItem[]; waitingTotal: number; alerts: PublishedAlert[] }> {
  const db = getDb(env);
  const r = schema.safetyReports;
  const [waiting, [total], published] = await db.batch([
    db
      .select({ ...reportColumns, secondLook: r.secondLook })
      .from(r)
      .where(WAITING)
      .orderBy(asc(r.createdAt), asc(r.id))
      .limit(QUEUE_SHOWN),
    db.select({ n: count() }).from(r).where(WAITING),
    db
      .select({ ...alertColumns, expiresAt: sql<number>`${r.expiresAt}` })
      .from(r)
      .where(and(eq(r.status, "published"), gt(r.expiresAt, now)))
      .orderBy(desc(r.publishedAt))
      .limit(200),
  ]);
  const queue = await Promise.all(
    waiting.map(async (row) => ({ ...(await openReport(env, row)), status: row.status as QueueItem["status"] })),
  );
  return { queue, waitingTotal: total?.n ?? 0, alerts: await openAlerts(env, published) };
}

export type Admin = Pick<SessionUser, "id">;

async function decide(
  env: DbEnv,
  admin: Admin,
  reportId: string,
  set: Partial<typeof schema.safetyReports.$inferInsert>,
  where: ReturnType<typeof eq>,
  action: "safety_publish" | "safety_ask" | "safety_decline" | "safety_correct",
  detail: string,
  now: number,
  failure: string,
  after: "keep-hashes" | "delete-hashes" = "keep-hashes",
): Promise<Outcome> {
  const db = getDb(env);
  const r = schema.safetyReports;
  const update = db
    .update(r)
    .set({ ...set, updatedAt: now })
    .where(and(eq(r.id, reportId), where));
  const audit = auditInsert(db, { adminId: admin.id, action, reportId, detail }, now, CHANGED);
  const results =
    after === "delete-hashes"
      ? await db.batch([
          update,
          audit,
          // Declined: the hashes are no longer needed for anything (only published alerts are checked).
          db
            .delete(schema.safetyIdentifiers)
            .where(
              and(
                eq(schema.safetyIdentifiers.reportId, reportId),
                sql`exists (select 1 from ${r} where ${r.id} = ${reportId} and ${r.status} = 'declined')`,
              ),
            ),
        ])
      : await db.batch([update, audit]);
  return changedOr(results[0], 409, failure);
}

export async function publishReport(env: DbEnv, admin: Admin, reportId: string, alert: AlertFields, now: number) {
  return decide(
    env,
    admin,
    reportId,
    {
      status: "published",
      alertRegion: alert.region,
      alertMonth: alert.month,
      alertCategory: alert.category,
      alertText: await sealText(env, fieldBinding(reportId, "alertText"), alert.text),
      publishedAt: now,
      expiresAt: alertExpiry(now),
      decidedAt: now,
      decidedBy: admin.id,
    },
    WAITING,
    "safety_publish",
    `${alert.region}, ${alert.month}, ${alert.category}`,
    now,
    SAFETY_MSG.notWaiting,
  );
}

export async function askReporter(env: DbEnv, admin: Admin, reportId: string, question: string, now: number) {
  return decide(
    env,
    admin,
    reportId,
    { status: "question", question: await sealText(env, fieldBinding(reportId, "question"), question) },
    WAITING,
    "safety_ask",
    "",
    now,
    SAFETY_MSG.notWaiting,
  );
}

export async function declineReport(env: DbEnv, admin: Admin, reportId: string, reason: string, now: number) {
  return decide(
    env,
    admin,
    reportId,
    {
      status: "declined",
      declineReason: await sealText(env, fieldBinding(reportId, "declineReason"), reason),
      decidedAt: now,
      decidedBy: admin.id,
      expiresAt: declinedExpiry(now),
    },
    WAITING,
    "safety_decline",
    "",
    now,
    SAFETY_MSG.notWaiting,
    "delete-hashes",
  );
}

/** A published alert's text, region, month or category put right (its expiry stays). */
export async function correctAlert(env: DbEnv, admin: Admin, reportId: string, alert: AlertFields, now: number) {
  return decide(
    env,
    admin,
    reportId,
    {
      alertRegion: alert.region,
      alertMonth: alert.month,
      alertCategory: alert.category,
      alertText: await sealText(env, fieldBinding(reportId, "alertText"), alert.text),
    },
    eq(schema.safetyReports.status, "published"),
    "safety_correct",
    `${alert.region}, ${alert.month}, ${alert.category}`,
    now,
    SAFETY_MSG.notPublished,
  );
}

/** Removes a published alert: the report and its hashes are deleted; the audit row is what remains. */
export async function removeAlert(env: DbEnv, admin: Admin, reportId: string, now: number): Promise<Outcome> {
  const db = getDb(env);
  const r = schema.safetyReports;
  const [deleted] = await db.batch([
    db.delete(r).where(and(eq(r.id, reportId), eq(r.status, "published"))),
    auditInsert(db, { adminId: admin.id, action: "safety_remove", reportId }, now, CHANGED),
  ]);
  return changedOr(deleted, 409, SAFETY_MSG.notPublished);
}

/** The reporter's address, to tell them a question waits (the e-mail says nothing more). */
export async function reporterEmail(env: DbEnv, reportId: string): Promise<string | null> {
  const r = schema.safetyReports;
  const [row] = await getDb(env)
    .select({ email: schema.users.email })
    .from(r)
    .innerJoin(schema.users, eq(schema.users.id, r.userId))
    .where(eq(r.id, reportId));
  return row?.email ?? null;
}
