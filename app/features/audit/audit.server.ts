// The administrators' audit log (admin_audit): one row per administrator action, always written by a
// statement inside the same D1 batch as the action, so the action and its record stand or fall together.
import { desc, eq, sql } from "drizzle-orm";
import type { SQL } from "drizzle-orm";
import { newId } from "~/platform/data/ids";
import { d1Statement, getDb, insertWhere, schema } from "~/platform/data/db.server";
import type { Db, DbEnv } from "~/platform/data/db.server";
import { AUDIT_PAGE_SIZE, auditDetail } from "./audit";
import type { AuditAction } from "./audit";

export type AuditEntry = {
  adminId: string;
  action: AuditAction;
  listingId?: string | null;
  requestId?: string | null;
  reportId?: string | null;
  detail?: string;
};

/** "The statement just before me in the batch changed a row" (changes() speaks for that statement only). */
export const CHANGED = sql`changes() > 0`;

/**
 * The listing's name as it is at that point of the batch, kept in the entry so that the log still names a
 * listing after it is deleted or renamed (migration 0050). Null if it is already gone.
 */
function listingNameNow(listingId: string): SQL {
  const l = schema.listings;
  return sql`(select ${l.firstName} from ${l} where ${l.id} = ${listingId})`;
}

/**
 * The INSERT of one audit row, for the action's own batch. With `when`, the row is written only if that
 * condition holds at that point of the batch (for example CHANGED), so a refused or lost race leaves no
 * record of an action that did not happen.
 */
export function auditInsert(db: Db, entry: AuditEntry, now: number, when: SQL = sql`1`) {
  return insertWhere(
    db,
    schema.adminAudit,
    {
      id: newId(),
      adminId: entry.adminId,
      action: entry.action,
      listingId: entry.listingId ?? null,
      requestId: entry.requestId ?? null,
      reportId: entry.reportId ?? null,
      detail: auditDetail(entry.detail ?? ""),
      createdAt: now,
      listingName: entry.listingId ? listingNameNow(entry.listingId) : null,
    },
    when,
  );
}

/**
 * auditInsert as a plain D1 statement, for a batch of plain D1 statements: tests/workers/reports.test.ts
 * checks the CHANGED condition with one.
 */
export function auditStatement(d1: D1Database, entry: AuditEntry, now: number, when?: SQL): D1PreparedStatement {
  return d1Statement(d1, auditInsert(getDb({ DB: d1 }), entry, now, when));
}

/**
 * The same record as an INSERT ... SELECT from the listing's own row, so it is written only while the
 * listing exists at that point of the batch (listings/delete.server.ts places it before the listing's DELETE).
 */
export function auditForListing(db: Db, entry: AuditEntry, listingId: string, now: number) {
  const l = schema.listings;
  // Keys in the table's column order: drizzle lists the table's columns for the INSERT.
  return db.insert(schema.adminAudit).select(
    db
      .select({
        id: sql<string>`${newId()}`.as("id"),
        adminId: sql<string>`${entry.adminId}`.as("admin_id"),
        action: sql<string>`${entry.action}`.as("action"),
        listingId: l.id,
        requestId: sql<string | null>`${entry.requestId ?? null}`.as("request_id"),
        reportId: sql<string | null>`${entry.reportId ?? null}`.as("report_id"),
        detail: sql<string>`${auditDetail(entry.detail ?? "")}`.as("detail"),
        createdAt: sql<number>`${now}`.as("created_at"),
        listingName: l.firstName,
      })
      .from(l)
      .where(eq(l.id, listingId)),
  );
}

/** A row of the log, with the administrator's first name while the account exists. */
export type AuditRow = typeof schema.adminAudit.$inferSelect & { adminName: string | null };

/** One page of the log, newest first, with the administrator's first name while the account exists. */
export async function loadAuditPage(env: DbEnv, page: number): Promise<{ rows: AuditRow[]; hasMore: boolean }> {
  const a = schema.adminAudit;
  const u = schema.users;
  const db = getDb(env);
  const rows = await db
    .select({
      id: a.id,
      adminId: a.adminId,
      adminName: u.firstName,
      action: a.action,
      listingId: a.listingId,
      listingName: a.listingName,
      requestId: a.requestId,
      reportId: a.reportId,
      detail: a.detail,
      createdAt: a.createdAt,
    })
    .from(a)
    .leftJoin(u, sql`${u.id} = ${a.adminId}`)
    .orderBy(desc(a.createdAt), desc(a.id))
    .limit(AUDIT_PAGE_SIZE + 1)
    .offset((page - 1) * AUDIT_PAGE_SIZE);
  return { rows: rows.slice(0, AUDIT_PAGE_SIZE), hasMore: rows.length > AUDIT_PAGE_SIZE };
}
