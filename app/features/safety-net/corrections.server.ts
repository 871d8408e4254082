// The reported person's side: a correction request from the contact page. Anyone may send one; the answer
// is the same whether or not anything matched (or was folded, or was over a limit), so the form tells nobody
// what the list holds. The number or address given is hashed and only the ids of the current alerts it
// matched are kept for the administrator (docs/decisions/0023-safety-net.md).
// Junk must not bury a genuine request (docs/decisions/0043-safety-net-second-pass.md): words identical to an
// open request's fold into it, a contact address has at most CORRECTIONS_PER_CONTACT open at once, and the
// administrators page through every open request, those matching a current alert first.
import { and, asc, count, desc, eq, gt, sql } from "drizzle-orm";
import { CHANGED, auditInsert } from "~/features/audit/audit.server";
import { newId } from "~/platform/data/ids";
import { getDb, insertWhere, schema } from "~/platform/data/db.server";
import type { DbEnv } from "~/platform/data/db.server";
import { sha256Hex } from "~/platform/http/token-cookie.server";
import { CORRECTIONS_PAGE_SIZE, foldedWords, pageCount } from "./correction-rules";
import type { Admin } from "./moderation.server";
import { changedOr } from "./reports.server";
import type { Outcome } from "./reports.server";
import { CORRECTIONS_PER_CONTACT, REVIEW_HOURS } from "./retention";
import { identifierHash } from "./safety-key.server";

const c = schema.safetyCorrections;
const r = schema.safetyReports;
const i = schema.safetyIdentifiers;

export async function createCorrection(
  env: DbEnv,
  correction: { contact: string; message: string; identifierKey: string | null },
  now: number,
): Promise<void> {
  const db = getDb(env);
  let matched: string[] = [];
  if (correction.identifierKey) {
    const hash = await identifierHash(env, correction.identifierKey);
    const rows = await db
      .select({ id: r.id })
      .from(i)
      .innerJoin(r, eq(r.id, i.reportId))
      .where(and(eq(i.hash, hash), eq(r.status, "published"), gt(r.expiresAt, now)));
    matched = rows.map((x) => x.id);
  }
  const messageKey = await sha256Hex(foldedWords(correction.message));
  const matchedJson = JSON.stringify(matched);
  const sameWords = and(eq(c.status, "open"), eq(c.messageKey, messageKey));
  // One batch, so the fold and the limit are decided on the table as it is when the insert runs.
  await db.batch([
    // Folded: the open request with the same words counts one more, and keeps any alert this one matched.
    db
      .update(c)
      .set({
        copies: sql`${c.copies} + 1`,
        matchedReports:
          matched.length === 0
            ? sql`${c.matchedReports}`
            : sql`(select json_group_array(value) from (select value from json_each(${c.matchedReports}) union select value from json_each(${matchedJson})))`,
      })
      .where(sameWords),
    insertWhere(
      db,
      c,
      {
        id: newId(),
        contact: correction.contact,
        message: correction.message,
        matchedReports: matchedJson,
        messageKey,
        createdAt: now,
      },
      sql`not exists (select 1 from ${c} where ${sameWords})
        and (select count(*) from ${c} where ${c.status} = 'open' and ${c.contact} = ${correction.contact}) < ${CORRECTIONS_PER_CONTACT}`,
    ),
  ]);
}

export type CorrectionItem = {
  id: string;
  contact: string;
  message: string;
  /** The alerts the number or address given matched that are still published and current. */
  matchedReports: string[];
  /** Posts with these words folded into this request, itself included. */
  copies: number;
  createdAt: number;
};

export type CorrectionPage = {
  items: CorrectionItem[];
  /** Open requests in all, how many of them match a current alert, and how many are past the target. */
  total: number;
  matching: number;
  overdue: number;
  page: number;
  pages: number;
};

/**
 * One page of the open correction requests: those whose number or address matches a current alert first
 * (the ones a junk flood cannot imitate without knowing what the list holds), then the oldest first.
 */
export async function loadCorrectionPage(env: DbEnv, page: number, now: number): Promise<CorrectionPage> {
  const db = getDb(env);
  // The matched alerts still published and unexpired, as a JSON list ('[]' when none). Written out with
  // aliases: drizzle leaves a select list's columns unqualified, and json_each has an "id" of its own.
  const current = sql<string>`(select json_group_array(j.value) from json_each(safety_corrections.matched_reports) j
    join safety_reports sr on sr.id = j.value where sr.status = 'published' and sr.expires_at > ${now})`;
  const matches = sql<number>`(${current} <> '[]')`;
  const open = eq(c.status, "open");
  const countsOf = db
    .select({
      total: count(),
      matching: sql<number>`coalesce(sum(${matches}), 0)`,
      overdue: sql<number>`coalesce(sum(${c.createdAt} < ${now - REVIEW_HOURS * 3_600_000}), 0)`,
    })
    .from(c)
    .where(open);
  const pageOf = (n: number) =>
    db
      .select({ id: c.id, contact: c.contact, message: c.message, current, copies: c.copies, createdAt: c.createdAt })
      .from(c)
      .where(open)
      .orderBy(desc(matches), asc(c.createdAt), asc(c.id))
      .limit(CORRECTIONS_PAGE_SIZE)
      .offset((n - 1) * CORRECTIONS_PAGE_SIZE);
  // The page asked for and the counts in one round trip; a page past the end (requests handled meanwhile)
  // shows the last one instead.
  let [[counts], rows] = await db.batch([countsOf, pageOf(page)]);
  const total = counts?.total ?? 0;
  const pages = pageCount(total);
  const shown = Math.min(page, pages);
  if (shown !== page) [[counts], rows] = await db.batch([countsOf, pageOf(shown)]);
  return {
    items: rows.map(({ current: ids, ...row }) => ({ ...row, matchedReports: parseIds(ids) })),
    total: counts?.total ?? 0,
    matching: counts?.matching ?? 0,
    overdue: counts?.overdue ?? 0,
    page: shown,
    pages: pageCount(counts?.total ?? 0),
  };
}

function parseIds(json: string): string[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((x): x is string => typeof x === "string") : [];
  } catch {
    return [];
  }
}

export async function closeCorrection(env: DbEnv, admin: Admin, correctionId: string, now: number): Promise<Outcome> {
  const db = getDb(env);
  const [updated] = await db.batch([
    db
      .update(c)
      .set({ status: "handled", handledAt: now, handledBy: admin.id })
      .where(and(eq(c.id, correctionId), eq(c.status, "open"))),
    auditInsert(db, { adminId: admin.id, action: "safety_correction_handled", detail: correctionId }, now, CHANGED),
  ]);
  return changedOr(updated, 409, "That correction request is already handled.");
}
