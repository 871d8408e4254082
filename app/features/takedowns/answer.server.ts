// The owner's side of a takedown case (HDCA s 24(2)(b)): a copy of the complaint on the dashboard (never the
// complainant's address or proof photo), and the answer: agree, and the content comes down at once, or
// dispute it with a statement, and an administrator decides.
import { and, desc, eq, gt } from "drizzle-orm";
import type { Placeholder, SQL } from "drizzle-orm";
import { getDb, schema } from "~/platform/data/db.server";
import { isOpenCase } from "./case-status.server";
import type { Db } from "~/platform/data/db.server";
import { openSecret, sealSecret } from "~/platform/crypto/sealing-key.server";
import type { WaitUntil } from "~/platform/request-context";
import { decideCase, readCase } from "./decide.server";
import type { CaseRow } from "./decide.server";
import { caseClock, parseIdList } from "./rules";
import type { Clock, OwnerAnswer } from "./rules";

const t = schema.takedownCases;
const img = schema.listingImages;

export type OwnerCaseView = {
  id: string;
  listingId: string | null;
  listingName: string;
  kind: CaseRow["kind"];
  details: string;
  status: CaseRow["status"];
  outcome: CaseRow["outcome"];
  reason: string;
  createdAt: number;
  answerDueAt: number | null;
  answer: string | null;
  clock: Clock;
  photos: { id: string; r2Key: string }[];
};

/** A sealed text, or what to show when it does not open (a key rotated without its texts). */
export async function openText(env: object, binding: string, sealed: string | null): Promise<string | null> {
  if (sealed === null) return null;
  try {
    return await openSecret(env, binding, sealed);
  } catch {
    return "(This text cannot be opened.)";
  }
}

/** One case about the owner's listing, or null (a stranger gets the same 404 as a missing case). */
export async function ownerCase(env: Env, ownerId: string, caseId: string, now: number): Promise<OwnerCaseView | null> {
  const row = await readCase(env, caseId);
  if (!row || row.ownerId !== ownerId) return null;
  const ids = parseIdList(row.imageIds);
  const photos =
    row.listingId && ids.length
      ? (
          await getDb(env).select({ id: img.id, r2Key: img.r2Key }).from(img).where(eq(img.listingId, row.listingId))
        ).filter((p) => ids.includes(p.id))
      : [];
  return {
    id: row.id,
    listingId: row.listingId,
    listingName: row.listingName,
    kind: row.kind,
    details: (await openText(env, `takedown-details:${row.id}`, row.details)) ?? "",
    status: row.status,
    outcome: row.outcome,
    reason: row.reason,
    createdAt: row.createdAt,
    answerDueAt: row.answerDueAt,
    answer: await openText(env, `takedown-answer:${row.id}`, row.answer),
    clock: caseClock(row, now),
    photos,
  };
}

/** The owner's open cases, newest first, for the dashboard's notice (read in the dashboard's one batch). */
export function openCasesQuery(db: Db, owner: SQL | Placeholder | string) {
  return db
    .select({ id: t.id, listingName: t.listingName, status: t.status, answerDueAt: t.answerDueAt })
    .from(t)
    .where(and(eq(t.ownerId, owner), isOpenCase))
    .orderBy(desc(t.createdAt))
    .limit(20);
}

export type OpenCaseNotice = Awaited<ReturnType<typeof openCasesQuery>>[number];

export type AnswerOutcome = { ok: true; agreed: boolean } | { ok: false; status: 404 | 409; error: string };

/** The owner's answer while the case waits for it; the content comes down at once when they agree. */
export async function answerCase(
  env: Env,
  ctx: WaitUntil,
  ownerId: string,
  caseId: string,
  answer: OwnerAnswer,
  origin: string,
  now: number,
): Promise<AnswerOutcome> {
  const row = await readCase(env, caseId);
  if (!row || row.ownerId !== ownerId) return { ok: false, status: 404, error: "Case not found" };
  if (row.status !== "waiting") return { ok: false, status: 409, error: "This case has already been answered." };
  if (answer.agree) {
    const done = await decideCase(env, ctx, row, "taken_down", "owner", "", origin, now, eq(t.status, "waiting"));
    return done
      ? { ok: true, agreed: true }
      : { ok: false, status: 409, error: "This case has already been answered." };
  }
  const sealed = await sealSecret(env, `takedown-answer:${row.id}`, answer.answer);
  // Only while it waits and its window is open: an answer that comes after the clock took the content down
  // changes nothing (the owner may appeal that decision instead).
  const res = await getDb(env)
    .update(t)
    .set({ status: "contested", answeredAt: now, answer: sealed })
    .where(and(eq(t.id, row.id), eq(t.status, "waiting"), gt(t.answerDueAt, now)));
  if (!res.meta.changes) return { ok: false, status: 409, error: "The time to answer has passed." };
  return { ok: true, agreed: false };
}
