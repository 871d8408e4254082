// The retention rules the privacy policy promises, run by the cron (workers/app.ts scheduled) with the
// trigger's time as `now`. Each rule is idempotent and bounded per run, so a missed or repeated run is safe.
import { and, eq, exists, inArray, isNotNull, isNull, lt, ne, not, sql } from "drizzle-orm";
import {
  APPEAL_RETENTION_DAYS,
  daysBefore,
  INACTIVE_LISTING_MONTHS,
  monthsBefore,
  PENDING_ID_DOCUMENT_DAYS,
  PENDING_ID_EXPIRED_REASON,
  REPORT_RETENTION_DAYS,
  TAKEDOWN_NETWORK_DAYS,
  TAKEDOWN_RETENTION_DAYS,
  UNCONFIRMED_ACCOUNT_DAYS,
} from "~/features/site/retention";
import { getDb, schema } from "~/platform/data/db.server";
import { deleteListing } from "~/features/listings/delete.server";
import { pruneSecurityLog } from "~/features/accounts/security-log.server";
import { sweepVerificationFiles } from "~/features/verification/files.server";
import type { WaitUntil } from "~/platform/request-context";
import type { DbEnv } from "~/platform/data/db.server";
import { parseKeyList } from "~/core/photo-keys";

type RetentionEnv = Pick<Env, "DB" | "PHOTOS" | "PROFILES" | "ListingsRoom" | "R2_DELETES">;

/** Listings deleted per run: each is a batch plus R2 deletes, and the cron runs again soon. */
const LISTINGS_PER_RUN = 25;
/** Unconfirmed sign-ups deleted per run: one statement, bounded so a flood of them cannot make it huge. */
const UNCONFIRMED_PER_RUN = 500;

/** Decided reports older than the bound. Open reports stay until an administrator decides them. */
export async function pruneDecidedReports(env: DbEnv, now: number): Promise<number> {
  const r = schema.reports;
  const result = await getDb(env)
    .delete(r)
    .where(and(ne(r.status, "open"), lt(r.createdAt, daysBefore(now, REPORT_RETENTION_DAYS))));
  return result.meta.changes;
}

/** Listings whose subscription ran out INACTIVE_LISTING_MONTHS ago or more and was not renewed. */
export async function deleteLapsedListings(env: RetentionEnv, ctx: WaitUntil, now: number): Promise<string[]> {
  const l = schema.listings;
  const lapsed = await getDb(env)
    .select({ id: l.id })
    .from(l)
    .where(and(isNotNull(l.activeUntil), lt(l.activeUntil, monthsBefore(now, INACTIVE_LISTING_MONTHS))))
    .limit(LISTINGS_PER_RUN);
  const deleted: string[] = [];
  for (const { id } of lapsed) {
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
  const vr = schema.verificationRequests;
  const expired = await getDb(env)
    .update(vr)
    .set({ status: "rejected", reason: PENDING_ID_EXPIRED_REASON, decidedAt: now })
    .where(
      and(
        eq(vr.kind, "id"),
        eq(vr.rereview, false),
        eq(vr.status, "pending"),
        lt(vr.createdAt, daysBefore(now, PENDING_ID_DOCUMENT_DAYS)),
      ),
    )
    .returning({ id: vr.id, r2Keys: vr.r2Keys });
  if (expired.some((r) => parseKeyList(r.r2Keys).length > 0)) await sweepVerificationFiles(env, now);
  return expired.length;
}

/**
 * Sign-ups whose address was never confirmed, UNCONFIRMED_ACCOUNT_DAYS after they were made (a repeated
 * sign-up counts as made anew). Their confirmation links and anything else keyed to them cascade. Such an
 * account cannot sign in, so it owns no listing; one that somehow did is left for the listing rules,
 * which also delete its photos.
 */
export async function removeUnconfirmedAccounts(env: DbEnv, now: number): Promise<number> {
  const u = schema.users;
  const db = getDb(env);
  const hasListing = exists(
    db
      .select({ one: sql`1` })
      .from(schema.listings)
      .where(eq(schema.listings.userId, u.id)),
  );
  const stale = db
    .select({ id: u.id })
    .from(u)
    .where(and(isNull(u.emailConfirmedAt), lt(u.createdAt, daysBefore(now, UNCONFIRMED_ACCOUNT_DAYS)), not(hasListing)))
    .limit(UNCONFIRMED_PER_RUN);
  const [result] = await db.batch([
    db.delete(u).where(inArray(u.id, stale)),
    // The password a sign-up typed for a confirmed account's address lives as long as a pending sign-up would
    // (docs/decisions/0026-sign-in-before-confirming.md).
    db
      .delete(schema.signupAttempts)
      .where(lt(schema.signupAttempts.createdAt, daysBefore(now, UNCONFIRMED_ACCOUNT_DAYS))),
  ]);
  return result.meta.changes;
}

/** Cases and appeals handled per run (each rule is one batch; the cron runs again soon). */
const CASES_PER_RUN = 200;

/**
 * Takedown cases decided TAKEDOWN_RETENTION_DAYS ago (with their appeals, unless one is still open), the
 * network hashes of cases over a day old, and the words of appeals decided APPEAL_RETENTION_DAYS ago.
 * Answers how many rows were deleted or cleared.
 */
export async function pruneCasesAndAppeals(env: DbEnv, now: number): Promise<number> {
  const t = schema.takedownCases;
  const a = schema.appeals;
  const db = getDb(env);
  const openAppeal = exists(
    db
      .select({ one: sql`1` })
      .from(a)
      .where(and(eq(a.kind, "takedown"), eq(a.subjectId, t.id), eq(a.status, "open"))),
  );
  const old = db
    .select({ id: t.id })
    .from(t)
    .where(and(eq(t.status, "decided"), lt(t.decidedAt, daysBefore(now, TAKEDOWN_RETENTION_DAYS)), not(openAppeal)))
    .limit(CASES_PER_RUN);
  const results = await db.batch([
    // The appeals first, while the cases they name are still there to be found.
    db.delete(a).where(and(eq(a.kind, "takedown"), inArray(a.subjectId, old))),
    db.delete(t).where(inArray(t.id, old)),
    db
      .update(t)
      .set({ networkHash: null })
      .where(and(isNotNull(t.networkHash), lt(t.createdAt, daysBefore(now, TAKEDOWN_NETWORK_DAYS)))),
    db
      .update(a)
      .set({ message: "", refusal: "", reason: "", listingName: "" })
      .where(
        and(
          ne(a.status, "open"),
          lt(a.decidedAt, daysBefore(now, APPEAL_RETENTION_DAYS)),
          sql`(${a.message} <> '' or ${a.refusal} <> '' or ${a.reason} <> '' or ${a.listingName} <> '')`,
        ),
      ),
  ]);
  return results.reduce((n, r) => n + r.meta.changes, 0);
}

export type RetentionReport = {
  cases: number;
  reports: number;
  listings: number;
  idRequests: number;
  securityEvents: number;
  unconfirmedAccounts: number;
};

/** Every rule, each on its own: one failing does not stop the others. */
export async function runRetention(env: RetentionEnv, ctx: WaitUntil, now: number): Promise<RetentionReport> {
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
    cases: await safely("takedown cases and appeals", () => pruneCasesAndAppeals(env, now), 0),
    listings: (await safely("listings", () => deleteLapsedListings(env, ctx, now), [] as string[])).length,
    idRequests: await safely("id documents", () => expirePendingIdDocuments(env, now), 0),
    securityEvents: await safely("security log", () => pruneSecurityLog(env, now), 0),
    unconfirmedAccounts: await safely("unconfirmed accounts", () => removeUnconfirmedAccounts(env, now), 0),
  };
}
