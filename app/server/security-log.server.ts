// Writes and reads the account-security log (security_events). Every write is a D1 statement so callers
// can put it in the same batch as the change it records, or run it on its own.
import {
  deviceSummary,
  placeOf,
  SECURITY_LOG_RETENTION_DAYS,
  SECURITY_LOG_SHOWN,
  type SecurityEvent,
} from "~/lib/security-log";
import { newId } from "~/lib/ids";

const DAY_MS = 24 * 60 * 60_000;

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
export function securityEventStatement(
  d1: D1Database,
  userId: string,
  event: SecurityEvent,
  meta: RequestMeta,
  now: number,
): D1PreparedStatement {
  return d1
    .prepare("INSERT INTO security_events (id, user_id, event, place, device, created_at) VALUES (?, ?, ?, ?, ?, ?)")
    .bind(newId(), userId, event, meta.place, meta.device, now);
}

/**
 * One event for the account with this e-mail, if there is one. The statement runs the same way for an
 * unknown address and writes nothing, so the log reveals nothing and the answer takes as long either way.
 */
export function securityEventForEmailStatement(
  d1: D1Database,
  email: string,
  event: SecurityEvent,
  meta: RequestMeta,
  now: number,
): D1PreparedStatement {
  return d1
    .prepare(
      "INSERT INTO security_events (id, user_id, event, place, device, created_at) SELECT ?, id, ?, ?, ?, ? FROM users WHERE email = ?",
    )
    .bind(newId(), event, meta.place, meta.device, now, email);
}

/** Runs a log write without ever failing the action it records: a lost log row is logged, not shown. */
export async function recordSecurityEvent(statement: D1PreparedStatement): Promise<void> {
  try {
    await statement.run();
  } catch (error) {
    console.error("security log write failed", error instanceof Error ? error.name : "unknown");
  }
}

export type SecurityLogRow = {
  id: string;
  event: string;
  place: string;
  device: string;
  createdAt: number;
};

/** The owner's own log, newest first. Callers pass the signed-in user's id: nobody reads another's. */
export async function loadSecurityLog(env: Pick<Env, "DB">, userId: string): Promise<SecurityLogRow[]> {
  const { results } = await env.DB.prepare(
    "SELECT id, event, place, device, created_at AS createdAt FROM security_events WHERE user_id = ? ORDER BY created_at DESC, id DESC LIMIT ?",
  )
    .bind(userId, SECURITY_LOG_SHOWN)
    .all<SecurityLogRow>();
  return results;
}

/** Removes rows older than the retention period (the cron). Returns how many went. */
export async function pruneSecurityLog(env: Pick<Env, "DB">, now: number): Promise<number> {
  const result = await env.DB.prepare("DELETE FROM security_events WHERE created_at < ?")
    .bind(now - SECURITY_LOG_RETENTION_DAYS * DAY_MS)
    .run();
  return result.meta.changes;
}
