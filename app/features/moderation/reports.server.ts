// Visitors' reports about listings (the terms' 'Report' button) and the administrators' queue. A report
// waits against the 48-hour handling window; the administrator hides the listing (live off) or dismisses
// the report. Both are administrator actions: one D1 batch with their audit row.
import { and, asc, eq, exists, sql } from "drizzle-orm";
import { isId, newId } from "~/platform/data/ids";
import { visibilitySet } from "~/features/listings/visibility.server";
import type { ReportInput } from "./reports";
import { auditInsert } from "~/features/audit/audit.server";
import type { SessionUser } from "~/features/accounts/auth.server";
import { getDb, rowById, schema } from "~/platform/data/db.server";
import { readModeratedListing } from "./moderation.server";
import { publicState } from "~/platform/realtime/publish.server";
import { overLimit, limiterKey } from "~/platform/http/rate-limit.server";
import type { WaitUntil } from "~/platform/request-context";
import type { DbEnv } from "~/platform/data/db.server";
import { afterListingChange } from "~/features/profile/after-change.server";

const r = schema.reports;
const l = schema.listings;

/** The listing a visitor may report: a published one (what the public can see), or null. */
export async function reportableListing(
  env: DbEnv,
  listingId: string | undefined,
): Promise<{ listingId: string; firstName: string } | null> {
  if (!isId(listingId)) return null;
  const [row] = await getDb(env)
    .select({ listingId: l.id, firstName: l.firstName })
    .from(l)
    .where(sql`${l.id} = ${listingId} AND ${l.live} = 1`)
    .limit(1);
  return row ?? null;
}

export async function createReport(
  env: DbEnv,
  listingId: string,
  input: ReportInput,
  now = Date.now(),
): Promise<string> {
  const id = newId();
  await getDb(env).insert(r).values({
    id,
    listingId,
    reason: input.reason,
    details: input.details,
    contact: input.contact,
    status: "open",
    createdAt: now,
  });
  return id;
}

/**
 * Visitors' report budget, per client address (they are not signed in). Shares WRITE_LIMITER with the
 * other writes; a limiter outage lets the report through (a report must never be lost to our outage).
 */
export function reportLimited(env: Pick<Env, "WRITE_LIMITER">, request: Request): Promise<boolean> {
  return overLimit(env.WRITE_LIMITER, limiterKey("report", request.headers), "open");
}

export type OpenReport = {
  id: string;
  listingId: string;
  listingName: string;
  listingLive: boolean;
  reason: string;
  details: string;
  contact: string;
  createdAt: number;
};

export const REPORT_QUEUE_LIMIT = 200;

/** An open report (the queue below, and the admin home's count). */
export const isOpenReport = eq(r.status, "open");

/** Open reports, oldest first: the ones closest to (or past) the 48-hour window come first. */
export async function loadOpenReports(env: DbEnv): Promise<OpenReport[]> {
  return getDb(env)
    .select({
      id: r.id,
      listingId: r.listingId,
      listingName: l.firstName,
      listingLive: l.live,
      reason: r.reason,
      details: r.details,
      contact: r.contact,
      createdAt: r.createdAt,
    })
    .from(r)
    .innerJoin(l, eq(l.id, r.listingId))
    .where(isOpenReport)
    .orderBy(asc(r.createdAt), asc(r.id))
    .limit(REPORT_QUEUE_LIMIT);
}

export const REPORT_ACTION_MSG = {
  notFound: "This report no longer exists.",
  handled: "This report has already been handled.",
  invalid: "Invalid report id",
} as const;

export type HandleResult =
  { ok: true; listingId: string } | { ok: false; status: 400 | 403 | 404 | 409; error: string };

/**
 * 'hide': the listing goes unlive (and stops being Active Now), and every open report about it is closed
 * as 'hidden'. 'dismiss': this report is closed, the listing is untouched.
 */
export async function handleReport(
  env: Pick<Env, "DB" | "PROFILES" | "ListingsRoom">,
  ctx: WaitUntil,
  admin: Pick<SessionUser, "id" | "isAdmin">,
  reportId: unknown,
  decision: "hide" | "dismiss",
  now = Date.now(),
): Promise<HandleResult> {
  if (!admin.isAdmin) return { ok: false, status: 403, error: "Administrators only" };
  if (!isId(reportId)) return { ok: false, status: 400, error: REPORT_ACTION_MSG.invalid };
  const db = getDb(env);
  const report = await rowById(env, r, { id: r.id, listingId: r.listingId, status: r.status }, reportId);
  if (!report) return { ok: false, status: 404, error: REPORT_ACTION_MSG.notFound };
  if (report.status !== "open") return { ok: false, status: 409, error: REPORT_ACTION_MSG.handled };
  const listing = await readModeratedListing(env, report.listingId);
  if (!listing) return { ok: false, status: 404, error: REPORT_ACTION_MSG.notFound };

  const status = decision === "hide" ? "hidden" : "dismissed";
  // "This batch closed the report": what the later statements check.
  const closedHere = exists(
    db
      .select({ one: sql`1` })
      .from(r)
      .where(and(eq(r.id, report.id), eq(r.status, status), eq(r.handledAt, now), eq(r.handledBy, admin.id))),
  );
  const closeThis = db
    .update(r)
    .set({ status, handledAt: now, handledBy: admin.id })
    .where(and(eq(r.id, report.id), eq(r.status, "open")));
  const audit = auditInsert(
    db,
    {
      adminId: admin.id,
      action: decision === "hide" ? "report_hide" : "report_dismiss",
      listingId: report.listingId,
      reportId: report.id,
      detail: listing.firstName,
    },
    now,
    closedHere,
  );

  if (decision === "dismiss") {
    const [closed] = await db.batch([closeThis, audit]);
    if (!closed.meta.changes) return { ok: false, status: 409, error: REPORT_ACTION_MSG.handled };
    return { ok: true, listingId: report.listingId };
  }

  const [closed] = await db.batch([
    // This report first (guarded on still being open), then the listing's other open reports.
    closeThis,
    db
      .update(r)
      .set({ status: "hidden", handledAt: now, handledBy: admin.id })
      .where(and(eq(r.listingId, report.listingId), eq(r.status, "open"), closedHere)),
    db
      .update(l)
      .set({ ...visibilitySet({ switchedOff: true }, now), updatedAt: now })
      .where(and(eq(l.id, report.listingId), closedHere)),
    audit,
  ]);
  if (!closed.meta.changes) return { ok: false, status: 409, error: REPORT_ACTION_MSG.handled };
  await afterListingChange(env, ctx, report.listingId, publicState(listing));
  return { ok: true, listingId: report.listingId };
}
