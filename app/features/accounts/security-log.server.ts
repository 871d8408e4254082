// Writes and reads the account-security log (security_events). Every write is a drizzle query, so callers
// can put it in the same batch as the change it records, or run it on its own.
import { desc, eq, lt, sql } from "drizzle-orm";
import type { SQL } from "drizzle-orm";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import { deviceSummary, placeOf, SECURITY_LOG_SHOWN } from "./security-log";
import type { SecurityEvent } from "./security-log";
import { newId } from "~/platform/data/ids";
import { getDb, schema } from "~/platform/data/db.server";
import type { Db, DbEnv } from "~/platform/data/db.server";
import { SECURITY_LOG_RETENTION_DAYS } from "~/features/site/retention";

const DAY_MS = 24 * 60 * 60_000;

const se = schema.securityEvents;

/** Where a request came from, as the log keeps it: a rough place and a device summary, nothing else. */
export type RequestMeta = { place: string; device: string };

/** `cf` is the load context's request.cf (Remix hands routes a copy of the request without it). */
export function requestMeta(
  request: Request,
  cf: { city?: unknown; country?: unknown } | null | undefined,
): RequestMeta {
  return { place: placeOf(cf), device: deviceSummary(request.headers.get("User-Agent")) };
}

/** One event for a known account. */
export function securityEventStatement(db: Db, userId: string, event: SecurityEvent, meta: RequestMeta, now: number) {
  return db.insert(se).values({ id: newId(), userId, event, place: meta.place, device: meta.device, createdAt: now });
}

/**
 * One event for the account with this e-mail, if there is one. The statement runs the same way for an
 * unknown address and writes nothing, so the log reveals nothing and the answer takes as long either way.
 */
export function securityEventForEmailStatement(
  db: Db,
  email: string,
  event: SecurityEvent,
  meta: RequestMeta,
  now: number,
) {
  const u = schema.users;
  return securityEventForRowStatement(db, u, u.id, eq(u.email, email), event, meta, now);
}

/**
 * One event for the account whose id the column `userId` holds in the row of `from` that `where` finds
 * (INSERT … SELECT): written only if that row is there when the statement runs, e.g. a listing's owner in
 * the batch that deletes the listing.
 */
export function securityEventForRowStatement(
  db: Db,
  from: SQLiteTable,
  userId: SQLiteColumn,
  where: SQL,
  event: SecurityEvent,
  meta: RequestMeta,
  now: number,
) {
  // Keys in the table's column order: drizzle lists the table's columns for the INSERT.
  return db.insert(se).select(
    db
      .select({
        id: sql<string>`${newId()}`.as("id"),
        userId,
        event: sql<string>`${event}`.as("event"),
        place: sql<string>`${meta.place}`.as("place"),
        device: sql<string>`${meta.device}`.as("device"),
        createdAt: sql<number>`${now}`.as("created_at"),
      })
      .from(from)
      .where(where),
  );
}

/** Runs a log write without ever failing the action it records: a lost log row is logged, not shown. */
export async function recordSecurityEvent(statement: PromiseLike<unknown>): Promise<void> {
  try {
    await statement;
  } catch (error) {
    console.error("security log write failed", error instanceof Error ? error.name : "unknown");
  }
}

export type SecurityLogRow = Pick<typeof se.$inferSelect, "id" | "event" | "place" | "device" | "createdAt">;

/** The owner's own log, newest first. Callers pass the signed-in user's id: nobody reads another's. */
export async function loadSecurityLog(env: DbEnv, userId: string): Promise<SecurityLogRow[]> {
  return getDb(env)
    .select({ id: se.id, event: se.event, place: se.place, device: se.device, createdAt: se.createdAt })
    .from(se)
    .where(eq(se.userId, userId))
    .orderBy(desc(se.createdAt), desc(se.id))
    .limit(SECURITY_LOG_SHOWN);
}

/** Removes rows older than the retention period (the cron). Returns how many went. */
export async function pruneSecurityLog(env: DbEnv, now: number): Promise<number> {
  const result = await getDb(env)
    .delete(se)
    .where(lt(se.createdAt, now - SECURITY_LOG_RETENTION_DAYS * DAY_MS));
  return result.meta.changes;
}
