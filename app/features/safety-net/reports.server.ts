// The reporter's side: send a report, read one's own, answer the administrator's question, withdraw.
// Identifiers become keyed hashes and the description is sealed before anything is written; the report and
// its hashes go in one D1 batch. Reading, answering and withdrawing one's own reports needs no access
// (docs/decisions/0023-safety-net.md, 0043-safety-net-second-pass.md).
import { and, desc, eq, gt, sql } from "drizzle-orm";
import { newId } from "~/platform/data/ids";
import { getDb, insertWhere, schema } from "~/platform/data/db.server";
import type { SafetyAccess } from "./access.server";
import { isNewAccount, REPORTS_PER_WEEK } from "./retention";
import { SAFETY_MSG } from "./report-rules";
import type { ReportFields } from "./report-rules";
import { identifierHashes, openStored, openText, sealText } from "./safety-key.server";
import type { MyReport } from "./components/safety-net-views";
import type { DbEnv } from "~/platform/data/db.server";

const WEEK_MS = 7 * 24 * 3_600_000;

const sr = schema.safetyReports;
/** A report as its reporter and the moderators both read it; each adds the columns only it shows. */
export const reportColumns = {
  id: sr.id,
  incidentDate: sr.incidentDate,
  region: sr.region,
  category: sr.category,
  description: sr.description,
  status: sr.status,
  question: sr.question,
  answer: sr.answer,
  createdAt: sr.createdAt,
};

export type Outcome = { ok: true; id?: string } | { ok: false; status: number; error: string };

/** A guarded write's outcome: done when it changed a row; otherwise its guard was not met, and `error` says so. */
export function changedOr(result: { meta: { changes: number } }, status: number, error: string): Outcome {
  return result.meta.changes > 0 ? { ok: true } : { ok: false, status, error };
}

/** A report's sealed texts; each is sealed with the report id and its own name bound in. */
export type SealedField = "description" | "answer" | "question" | "declineReason" | "alertText";
export const fieldBinding = (reportId: string, field: SealedField) => `${reportId}:${field}`;
export const descriptionBinding = (reportId: string) => fieldBinding(reportId, "description");
export const answerBinding = (reportId: string) => fieldBinding(reportId, "answer");

/** A report row's sealed texts opened: the description and answer, and the question if it has one. */
export async function openReport<T extends { id: string; description: string; answer: string; question: string }>(
  env: DbEnv,
  row: T,
): Promise<T> {
  const [description, answer, question] = await Promise.all([
    openText(env, descriptionBinding(row.id), row.description),
    openText(env, answerBinding(row.id), row.answer),
    openStored(env, fieldBinding(row.id, "question"), row.question),
  ]);
  return { ...row, description, answer, question };
}

/** Stores a report unless the account has sent REPORTS_PER_WEEK in the last seven days (checked in the batch). */
export async function createReport(
  env: DbEnv,
  access: SafetyAccess,
  report: ReportFields,
  now: number,
): Promise<Outcome> {
  const db = getDb(env);
  const r = schema.safetyReports;
  const id = newId();
  const [description, hashes] = await Promise.all([
    sealText(env, descriptionBinding(id), report.description),
    identifierHashes(env, report.identifierKeys),
  ]);
  const underLimit = sql`(select count(*) from ${r} where ${r.userId} = ${access.userId} and ${r.createdAt} > ${now - WEEK_MS}) < ${REPORTS_PER_WEEK}`;
  const inserted = sql`exists (select 1 from ${r} where ${r.id} = ${id})`;
  const [first] = await db.batch([
    insertWhere(
      db,
      r,
      {
        id,
        userId: access.userId,
        incidentDate: report.incidentDate,
        region: report.region,
        category: report.category,
        description,
        secondLook: isNewAccount(access.accountCreatedAt, now),
        createdAt: now,
        updatedAt: now,
      },
      underLimit,
    ),
    ...hashes.map((hash) => insertWhere(db, schema.safetyIdentifiers, { reportId: id, hash }, inserted)),
  ]);
  if (first.meta.changes === 0) return { ok: false, status: 429, error: SAFETY_MSG.tooManyReports };
  return { ok: true, id };
}

/** The account's own reports, newest first, opened for the reporter. */
export async function loadMyReports(env: DbEnv, userId: string): Promise<MyReport[]> {
  const r = schema.safetyReports;
  const rows = await getDb(env)
    .select({ ...reportColumns, declineReason: r.declineReason, alertText: r.alertText })
    .from(r)
    .where(eq(r.userId, userId))
    .orderBy(desc(r.createdAt))
    .limit(50);
  return Promise.all(
    rows.map(async (row) => ({
      ...(await openReport(env, row)),
      declineReason: await openStored(env, fieldBinding(row.id, "declineReason"), row.declineReason),
      alertText: await openStored(env, fieldBinding(row.id, "alertText"), row.alertText),
    })),
  );
}

/** Deletes the reporter's own report at once, with its hashes (and its alert, if published). */
export async function withdrawReport(env: DbEnv, userId: string, reportId: string): Promise<Outcome> {
  const r = schema.safetyReports;
  const result = await getDb(env)
    .delete(r)
    .where(and(eq(r.id, reportId), eq(r.userId, userId)));
  return changedOr(result, 404, SAFETY_MSG.reportNotFound);
}

/** The reporter's answer to the administrator's question: sealed, and the report goes back to the queue. */
export async function answerQuestion(
  env: DbEnv,
  userId: string,
  reportId: string,
  answer: string,
  now: number,
): Promise<Outcome> {
  const r = schema.safetyReports;
  const sealed = await sealText(env, answerBinding(reportId), answer);
  const result = await getDb(env)
    .update(r)
    .set({ answer: sealed, status: "pending", updatedAt: now })
    .where(and(eq(r.id, reportId), eq(r.userId, userId), eq(r.status, "question")));
  return changedOr(result, 409, SAFETY_MSG.notAsked);
}

/** Reports sent by the account in the last seven days (for the form's note). */
export async function reportsThisWeek(env: DbEnv, userId: string, now: number): Promise<number> {
  const r = schema.safetyReports;
  const [row] = await getDb(env)
    .select({ n: sql<number>`count(*)` })
    .from(r)
    .where(and(eq(r.userId, userId), gt(r.createdAt, now - WEEK_MS)));
  return row?.n ?? 0;
}
