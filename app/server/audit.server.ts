// The administrators' audit log (admin_audit): one row per administrator action, always written by a
// statement inside the same D1 batch as the action, so the action and its record stand or fall together.
import { desc, eq, sql } from "drizzle-orm";
import { newId } from "~/lib/ids";
import { AUDIT_PAGE_SIZE, auditDetail, type AuditAction } from "~/lib/moderation";
import { getDb, schema, type Db } from "./db.server";

export type AuditEntry = {
  adminId: string;
  action: AuditAction;
  listingId?: string | null;
  requestId?: string | null;
  reportId?: string | null;
  detail?: string;
};

/** A condition in raw SQL with its bound values, e.g. { sql: "changes() > 0", binds: [] }. */
export type Condition = { sql: string; binds: unknown[] };

/**
 * The INSERT of one audit row, as a D1 statement for env.DB.batch([...]). With `when`, the row is written
 * only if that condition holds at that point of the batch (for example "the UPDATE before me changed the
 * row": changes() > 0), so a refused or lost race leaves no record of an action that did not happen.
 */
export function auditStatement(d1: D1Database, entry: AuditEntry, now: number, when?: Condition): D1PreparedStatement {
  return d1
    .prepare(
      `INSERT INTO admin_audit (id, admin_id, action, listing_id, request_id, report_id, detail, created_at)
       SELECT ?, ?, ?, ?, ?, ?, ?, ? WHERE ${when?.sql ?? "1"}`,
    )
    .bind(
      newId(),
      entry.adminId,
      entry.action,
      entry.listingId ?? null,
      entry.requestId ?? null,
      entry.reportId ?? null,
      auditDetail(entry.detail ?? ""),
      now,
      ...(when?.binds ?? []),
    );
}

/**
 * The same record as a drizzle query, for batches built with drizzle (listing-delete.server.ts): an
 * INSERT ... SELECT from the listing's own row, so it writes a row only while the listing exists. Place it
 * before the listing's DELETE in the batch.
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
      })
      .from(l)
      .where(eq(l.id, listingId)),
  );
}

export type AuditRow = {
  id: string;
  adminId: string;
  adminName: string | null;
  action: string;
  listingId: string | null;
  requestId: string | null;
  reportId: string | null;
  detail: string;
  createdAt: number;
};

/** One page of the log, newest first, with the administrator's first name while the account exists. */
export async function loadAuditPage(
  env: Pick<Env, "DB">,
  page: number,
): Promise<{ rows: AuditRow[]; hasMore: boolean }> {
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
