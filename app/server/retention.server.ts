// The retention rules the privacy policy promises, run by the cron (workers/app.ts scheduled) with the
// trigger's time as `now`. Each rule is idempotent and bounded per run, so a missed or repeated run is safe.
import {
  daysBefore,
  INACTIVE_LISTING_MONTHS,
  monthsBefore,
  PENDING_ID_DOCUMENT_DAYS,
  PENDING_ID_EXPIRED_REASON,
  REPORT_RETENTION_DAYS,
} from "~/lib/retention";
import { parseKeyList } from "~/lib/verification";
import { deleteListing } from "./listing-delete.server";
import { pruneSecurityLog } from "./security-log.server";
import { sweepVerificationFiles } from "./verification.server";

type Ctx = { waitUntil(promise: Promise<unknown>): void };
type RetentionEnv = Pick<Env, "DB" | "PHOTOS" | "PROFILES" | "ListingsRoom" | "R2_DELETES">;

/** Listings deleted per run: each is a batch plus R2 deletes, and the cron runs again soon. */
const LISTINGS_PER_RUN = 25;

/** Decided reports older than the bound. Open reports stay until an administrator decides them. */
export async function pruneDecidedReports(env: Pick<Env, "DB">, now: number): Promise<number> {
  const result = await env.DB.prepare("DELETE FROM reports WHERE status <> 'open' AND created_at < ?")
    .bind(daysBefore(now, REPORT_RETENTION_DAYS))
    .run();
  return result.meta.changes;
}

/** Listings whose subscription ran out INACTIVE_LISTING_MONTHS ago or more and was not renewed. */
export async function deleteLapsedListings(env: RetentionEnv, ctx: Ctx, now: number): Promise<string[]> {
  const { results } = await env.DB.prepare(
    "SELECT id FROM listings WHERE active_until IS NOT NULL AND active_until < ? LIMIT ?",
  )
    .bind(monthsBefore(now, INACTIVE_LISTING_MONTHS), LISTINGS_PER_RUN)
    .all<{ id: string }>();
  const deleted: string[] = [];
  for (const { id } of results) {
    const outcome = await deleteListing(env, ctx, id, { now });
    deleted.push(...outcome.listingIds);
  }
  return deleted;
}

/**
 * ID verification requests (not re-reviews, which hold no documents) still pending after PENDING_ID_DOCUMENT_DAYS: closed as rejected with a reason
 * the provider reads on the dashboard, then their files are deleted from R2 (the verification sweep retries
 * any delete that fails, since the closed row keeps its keys until the files are gone).
 */
export async function expirePendingIdDocuments(env: Pick<Env, "DB" | "PHOTOS">, now: number): Promise<number> {
  const { results } = await env.DB.prepare(
    `UPDATE verification_requests SET status = 'rejected', reason = ?, decided_at = ?
     WHERE kind = 'id' AND rereview = 0 AND status = 'pending' AND created_at < ? RETURNING id, r2_keys`,
  )
    .bind(PENDING_ID_EXPIRED_REASON, now, daysBefore(now, PENDING_ID_DOCUMENT_DAYS))
    .all<{ id: string; r2_keys: string }>();
  if (results.some((r) => parseKeyList(r.r2_keys).length > 0)) await sweepVerificationFiles(env, now);
  return results.length;
}

export type RetentionReport = {
  reports: number;
  listings: number;
  idRequests: number;
  securityEvents: number;
};

/** Every rule, each on its own: one failing does not stop the others. */
export async function runRetention(env: RetentionEnv, ctx: Ctx, now: number): Promise<RetentionReport> {
  const safely = async <T>(name: string, run: () => Promise<T>, none: T): Promise<T> => {
    try {
      return await run();
    } catch (error) {
      console.error(`retention: ${name} failed`, error instanceof Error ? error.name : "unknown");
      return none;
    }
  };
  return {
    reports: await safely("reports", () => pruneDecidedReports(env, now), 0),
    listings: (await safely("listings", () => deleteLapsedListings(env, ctx, now), [] as string[])).length,
    idRequests: await safely("id documents", () => expirePendingIdDocuments(env, now), 0),
    securityEvents: await safely("security log", () => pruneSecurityLog(env, now), 0),
  };
}
