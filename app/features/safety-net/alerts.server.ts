// What verified providers read: published alerts for their regions, and the number check. Only published,
// unexpired alerts ever count; a pending, declined, withdrawn or expired report changes no answer
// (docs/decisions/0023-safety-net.md).
import { and, desc, eq, gt, inArray, sql } from "drizzle-orm";
import { nzDate } from "~/platform/time/nz-time";
import { getDb, schema } from "~/platform/data/db.server";
import { CHECKS_PER_DAY } from "./retention";
import { fieldBinding } from "./reports.server";
import { identifierHash, openStored } from "./safety-key.server";
import type { DbEnv } from "~/platform/data/db.server";

export type Alert = { id: string; region: string; month: string; category: string; text: string; publishedAt: number };

/** A published alert's columns, as providers read it and as the administrators' list shows it. */
export const alertColumns = {
  id: schema.safetyReports.id,
  region: schema.safetyReports.alertRegion,
  month: schema.safetyReports.alertMonth,
  category: schema.safetyReports.alertCategory,
  text: schema.safetyReports.alertText,
  publishedAt: sql<number>`${schema.safetyReports.publishedAt}`,
};

/** Alerts as stored, with their sealed text opened (the binding is the report's, as moderation seals it). */
export function openAlerts<T extends { id: string; text: string }>(env: DbEnv, rows: T[]): Promise<T[]> {
  return Promise.all(
    rows.map(async (a) => ({ ...a, text: await openStored(env, fieldBinding(a.id, "alertText"), a.text) })),
  );
}

/** Current alerts for these regions, newest first. */
export async function loadAlerts(env: DbEnv, regions: readonly string[], now: number): Promise<Alert[]> {
  if (regions.length === 0) return [];
  const r = schema.safetyReports;
  const rows = await getDb(env)
    .select(alertColumns)
    .from(r)
    .where(and(eq(r.status, "published"), inArray(r.alertRegion, [...regions]), gt(r.expiresAt, now)))
    .orderBy(desc(r.publishedAt), desc(r.id))
    .limit(100);
  return openAlerts(env, rows);
}

export type CheckAnswer =
  | { ok: true; matches: { category: string; month: string }[]; left: number }
  | { ok: false; status: 429; error: "limit" };

/**
 * Counts the check against the account's daily total first (one conditional upsert: the 31st check of the
 * day changes nothing and is refused), then answers how many current alerts the identifier is on, with their
 * categories and months only. What was checked is not stored.
 */
export async function checkIdentifier(
  env: DbEnv,
  userId: string,
  identifierKey: string,
  now: number,
): Promise<CheckAnswer> {
  const db = getDb(env);
  const c = schema.safetyChecks;
  const counted = await db
    .insert(c)
    .values({ userId, day: nzDate(now), count: 1 })
    .onConflictDoUpdate({
      target: [c.userId, c.day],
      set: { count: sql`${c.count} + 1` },
      setWhere: sql`${c.count} < ${CHECKS_PER_DAY}`,
    })
    .returning({ count: c.count });
  if (counted.length === 0) return { ok: false, status: 429, error: "limit" };
  const matches = await publishedMatches(env, identifierKey, now);
  return { ok: true, matches, left: CHECKS_PER_DAY - counted[0].count };
}

/**
 * The current published alerts an identifier is on, with their categories and months only, newest first.
 * The number check counts a check before asking this; a booking request's screening asks it directly, on
 * the site's behalf, so it spends no provider's allowance (docs/decisions/0052-booking-requests.md).
 */
export async function publishedMatches(
  env: DbEnv,
  identifierKey: string,
  now: number,
): Promise<{ category: string; month: string }[]> {
  const hash = await identifierHash(env, identifierKey);
  const r = schema.safetyReports;
  const i = schema.safetyIdentifiers;
  return getDb(env)
    .select({ category: r.alertCategory, month: r.alertMonth })
    .from(i)
    .innerJoin(r, eq(r.id, i.reportId))
    .where(and(eq(i.hash, hash), eq(r.status, "published"), gt(r.expiresAt, now)))
    .orderBy(desc(r.alertMonth));
}

/** Checks left today, for the form's note. */
export async function checksLeft(env: DbEnv, userId: string, now: number): Promise<number> {
  const c = schema.safetyChecks;
  const [row] = await getDb(env)
    .select({ count: c.count })
    .from(c)
    .where(and(eq(c.userId, userId), eq(c.day, nzDate(now))));
  return Math.max(0, CHECKS_PER_DAY - (row?.count ?? 0));
}
