// The administrators' takedown queue: every open case, the soonest due first, with its clock; the total and
// how many are overdue in the heading, paged so none is buried (as the correction requests since
// docs/decisions/0043-safety-net-second-pass.md). And the administrators' actions on a case.
import { and, count, eq, inArray, ne, sql } from "drizzle-orm";
import { auditInsert, CHANGED } from "~/features/audit/audit.server";
import { coverStatement } from "~/features/photos/plan-photos.server";
import { afterListingChange } from "~/features/profile/after-change.server";
import { getDb, schema } from "~/platform/data/db.server";
import { isOpenCase } from "./case-status.server";
import { publicState } from "~/platform/realtime/publish.server";
import type { WaitUntil } from "~/platform/request-context";
import { openText } from "./answer.server";
import { decideCase, readCase } from "./decide.server";
import { ANSWER_HOURS, CASES_PAGE_SIZE, caseClock, DECIDE_HOURS, pageCount, parseIdList, TAKEDOWN_MSG } from "./rules";
import type { AdminDecision, Clock } from "./rules";

const t = schema.takedownCases;
const l = schema.listings;
const img = schema.listingImages;
const HOUR_MS = 3_600_000;

/** When the case is due, in SQL: the owner's answer while it waits, an administrator's decision once disputed. */
const dueAt = sql<number>`CASE WHEN ${t.status} = 'waiting' THEN ${t.answerDueAt} ELSE coalesce(${t.answeredAt}, ${t.createdAt}) + ${DECIDE_HOURS * HOUR_MS} END`;

export type QueueCase = {
  id: string;
  listingId: string | null;
  listingName: string;
  kind: "listed" | "photos";
  contact: string;
  details: string;
  answer: string | null;
  status: "waiting" | "contested" | "decided";
  createdAt: number;
  clock: Clock;
  hasProof: boolean;
  photosHidden: boolean;
  photos: { id: string; r2Key: string }[];
};

export type QueuePage = { items: QueueCase[]; total: number; overdue: number; page: number; pages: number };

export async function loadQueue(env: Env, page: number, now: number): Promise<QueuePage> {
  const db = getDb(env);
  const open = isOpenCase;
  const countsOf = db
    .select({ total: count(), overdue: sql<number>`coalesce(sum(${dueAt} <= ${now}), 0)` })
    .from(t)
    .where(open);
  const pageOf = (n: number) =>
    db
      .select()
      .from(t)
      .where(open)
      .orderBy(dueAt, t.id)
      .limit(CASES_PAGE_SIZE)
      .offset((n - 1) * CASES_PAGE_SIZE);
  let [[counts], rows] = await db.batch([countsOf, pageOf(page)]);
  const pages = pageCount(counts?.total ?? 0);
  const shown = Math.min(page, pages);
  if (shown !== page) [[counts], rows] = await db.batch([countsOf, pageOf(shown)]);
  const imageIds = rows.flatMap((r) => parseIdList(r.imageIds));
  const photos = imageIds.length
    ? await db.select({ id: img.id, r2Key: img.r2Key }).from(img).where(inArray(img.id, imageIds))
    : [];
  const items = await Promise.all(
    rows.map(async (r) => {
      const ids = parseIdList(r.imageIds);
      return {
        id: r.id,
        listingId: r.listingId,
        listingName: r.listingName,
        kind: r.kind,
        contact: r.contact,
        details: (await openText(env, `takedown-details:${r.id}`, r.details)) ?? "",
        answer: await openText(env, `takedown-answer:${r.id}`, r.answer),
        status: r.status,
        createdAt: r.createdAt,
        clock: caseClock(r, now),
        hasProof: r.proofKey !== null,
        photosHidden: r.photosHidden,
        photos: photos.filter((p) => ids.includes(p.id)),
      };
    }),
  );
  return { items, total: counts?.total ?? 0, overdue: counts?.overdue ?? 0, page: shown, pages };
}

/** What waits in the queue, for the administrators' home: open cases, the oldest's arrival, how many overdue. */
export async function loadTakedownWaiting(env: Env, now: number) {
  const [row] = await getDb(env)
    .select({
      count: count(),
      oldestAt: sql<number | null>`min(${t.createdAt})`,
      overdue: sql<number>`coalesce(sum(${dueAt} <= ${now}), 0)`,
    })
    .from(t)
    .where(isOpenCase);
  return {
    count: row?.count ?? 0,
    oldestAt: row?.oldestAt ?? null,
    overdue: Number(row?.overdue ?? 0),
    promiseHours: ANSWER_HOURS,
  };
}

export type AdminOutcome = { ok: true } | { ok: false; status: 404 | 409 | 400; error: string };

export async function adminDecide(
  env: Env,
  ctx: WaitUntil,
  adminId: string,
  caseId: string,
  decision: AdminDecision,
  reason: string,
  origin: string,
  now: number,
): Promise<AdminOutcome> {
  const row = await readCase(env, caseId);
  if (!row) return { ok: false, status: 404, error: "Case not found" };
  if (row.status === "decided") return { ok: false, status: 409, error: TAKEDOWN_MSG.decided };
  if (decision === "hide_photos") return hidePhotos(env, ctx, adminId, row, now);
  const outcome = decision === "take_down" ? "taken_down" : "kept_up";
  const why = reason || (outcome === "taken_down" ? "An administrator found the complaint justified." : "");
  const done = await decideCase(env, ctx, row, outcome, { admin: adminId }, why, origin, now);
  return done ? { ok: true } : { ok: false, status: 409, error: TAKEDOWN_MSG.decided };
}

/**
 * While a case waits, its disputed photos stay up unless an administrator hides them here: they leave the
 * profile (not deleted) until the decision, which deletes them or brings them back.
 */
async function hidePhotos(
  env: Env,
  ctx: WaitUntil,
  adminId: string,
  row: NonNullable<Awaited<ReturnType<typeof readCase>>>,
  now: number,
): Promise<AdminOutcome> {
  const ids = parseIdList(row.imageIds);
  if (row.kind !== "photos" || ids.length === 0 || !row.listingId)
    return { ok: false, status: 400, error: TAKEDOWN_MSG.noPhotos };
  const db = getDb(env);
  const before = (await db.select({ live: l.live, location: l.location }).from(l).where(eq(l.id, row.listingId)))[0];
  const [marked] = await db.batch([
    db
      .update(t)
      .set({ photosHidden: true })
      .where(and(eq(t.id, row.id), ne(t.status, "decided"), eq(t.photosHidden, false))),
    auditInsert(
      db,
      { adminId, action: "takedown_hide_photos", listingId: row.listingId, detail: `${row.id}: ${ids.length} photos` },
      now,
      CHANGED,
    ),
    db
      .update(img)
      // Marked as well as hidden, so no plan change shows them again meanwhile (decision 0066).
      .set({ public: false, caseHidden: true })
      .where(
        and(
          eq(img.listingId, row.listingId),
          inArray(img.id, ids),
          sql`exists (select 1 from ${t} where ${t.id} = ${row.id} and ${t.photosHidden} = 1 and ${t.status} <> 'decided')`,
        ),
      ),
    coverStatement(db, row.listingId),
  ]);
  if (!marked.meta.changes) return { ok: false, status: 409, error: "These photos are already hidden." };
  await afterListingChange(env, ctx, row.listingId, publicState(before));
  return { ok: true };
}
