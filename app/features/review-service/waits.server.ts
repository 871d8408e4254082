// The waits of the last 7 days, read from the decisions themselves: verification requests (ID and photo checks)
// from created_at to decided_at, takedown cases from created_at to decided_at. Only durations leave D1.
import { and, eq, gte, isNotNull, sql } from "drizzle-orm";
import { getDb, schema } from "~/platform/data/db.server";
import type { DbEnv } from "~/platform/data/db.server";
import { summarise, WAIT_WINDOW_DAYS } from "./waits";
import type { WaitSummary } from "./waits";

const vr = schema.verificationRequests;
const t = schema.takedownCases;

export async function loadWaits(env: DbEnv, now: number): Promise<WaitSummary[]> {
  const since = now - WAIT_WINDOW_DAYS * 86_400_000;
  const db = getDb(env);
  // Requests the app opened itself after a change (re-reviews) are not waits anyone asked for.
  const checks = (kind: "id" | "photo") =>
    db
      .select({ ms: sql<number>`${vr.decidedAt} - ${vr.createdAt}` })
      .from(vr)
      .where(and(eq(vr.kind, kind), eq(vr.rereview, false), isNotNull(vr.decidedAt), gte(vr.decidedAt, since)));
  const [ids, photos, cases] = await db.batch([
    checks("id"),
    checks("photo"),
    db
      .select({ ms: sql<number>`${t.decidedAt} - ${t.createdAt}` })
      .from(t)
      .where(and(eq(t.status, "decided"), gte(t.decidedAt, since))),
  ]);
  const ms = (rows: { ms: number }[]) => rows.map((r) => Math.max(0, r.ms));
  return [summarise("id", ms(ids)), summarise("photo", ms(photos)), summarise("takedown", ms(cases))];
}
