// One appeal of every refusal (docs/decisions/0064-review-times-and-appeals.md): an ID or photo check refused,
// a takedown case decided against its owner (content taken down) or its complainant (content kept up). A
// different administrator from the one who refused decides it when there is more than one; the appeal's
// decision, its effects and its audit row are one D1 batch.
import { and, asc, count, eq, ne, or, sql } from "drizzle-orm";
import { auditInsert } from "~/features/audit/audit.server";
import { reopenAfterAppeal } from "~/features/verification/decision.server";
import { reopenedLines } from "~/features/verification/emails";
import { complainantAppealToken, readCase, reverseAfterAppeal } from "~/features/takedowns/decide.server";
import { ADMIN_ACCOUNT_TYPE } from "~/core/session-user";
import { openSecret, sealSecret } from "~/platform/crypto/sealing-key.server";
import { newId } from "~/platform/data/ids";
import { getDb, schema } from "~/platform/data/db.server";
import { sendEmail, siteName } from "~/platform/email/email.server";
import { render } from "~/platform/email/template";
import type { WaitUntil } from "~/platform/request-context";
import { APPEAL_MSG, mayDecide } from "./appeal-rules";
import type { AppealDecision, AppealKind } from "./appeal-rules";

const a = schema.appeals;
const vr = schema.verificationRequests;
const l = schema.listings;
const u = schema.users;

/**
 * A refusal on this request: rejected, or (a photo request decided photo by photo) with photos refused though
 * others were approved (docs/decisions/0069-photos-decided-one-by-one.md).
 */
const refusedHere = or(
  eq(vr.status, "rejected"),
  sql`exists (select 1 from ${schema.photoCheckRefusals} r where r.request_id = ${vr.id})`,
);

export type Refusal = {
  kind: AppealKind;
  subjectId: string;
  side: "owner" | "complainant";
  userId: string | null;
  listingName: string;
  refusal: string;
  refusedBy: string;
  /** Where the outcome goes. */
  email: string;
  appealed: boolean;
};

/**
 * The refusal this person may appeal, or null: the owner's refused ID or photo check, the owner's case whose
 * content came down, or (with the token from their e-mail) the complainant's case whose content stayed up.
 */
export async function findRefusal(
  env: Env,
  kind: string | undefined,
  subjectId: string | undefined,
  who: { userId: string | null; token: string | null },
): Promise<Refusal | null> {
  if (!subjectId || (kind !== "id" && kind !== "photo" && kind !== "takedown")) return null;
  const db = getDb(env);
  const [existing] = await db
    .select({ id: a.id })
    .from(a)
    .where(and(eq(a.kind, kind), eq(a.subjectId, subjectId)));
  if (kind !== "takedown") {
    if (!who.userId) return null;
    const [row] = await db
      .select({ reason: vr.reason, decidedBy: vr.decidedBy, listingName: l.firstName, email: u.email })
      .from(vr)
      .innerJoin(l, eq(l.id, vr.listingId))
      .innerJoin(u, eq(u.id, vr.userId))
      .where(and(eq(vr.id, subjectId), eq(vr.kind, kind), refusedHere, eq(vr.userId, who.userId)))
      .limit(1);
    if (!row) return null;
    return {
      kind,
      subjectId,
      side: "owner",
      userId: who.userId,
      listingName: row.listingName,
      refusal: row.reason,
      refusedBy: row.decidedBy ?? "",
      email: row.email,
      appealed: Boolean(existing),
    };
  }
  const c = await readCase(env, subjectId);
  if (!c || c.status !== "decided") return null;
  const base = {
    kind: "takedown" as const,
    subjectId,
    listingName: c.listingName,
    refusal: c.reason,
    refusedBy: c.decidedBy ?? "",
  };
  if (c.outcome === "taken_down" && who.userId && c.ownerId === who.userId) {
    const [owner] = await db.select({ email: u.email }).from(u).where(eq(u.id, who.userId));
    if (!owner) return null;
    return { ...base, side: "owner", userId: who.userId, email: owner.email, appealed: Boolean(existing) };
  }
  if (c.outcome === "kept_up" && who.token && who.token === (await complainantAppealToken(env, c.id)))
    return { ...base, side: "complainant", userId: null, email: c.contact, appealed: Boolean(existing) };
  return null;
}

/** Files the one appeal of a refusal; false when it was appealed already (the unique key says so). */
export async function fileAppeal(env: Env, refusal: Refusal, message: string, now: number): Promise<boolean> {
  const id = newId();
  const res = await getDb(env)
    .insert(a)
    .values({
      id,
      kind: refusal.kind,
      subjectId: refusal.subjectId,
      side: refusal.side,
      userId: refusal.userId,
      listingName: refusal.listingName,
      refusal: refusal.refusal,
      refusedBy: refusal.refusedBy,
      message: await sealSecret(env, `appeal:${id}`, message),
      createdAt: now,
    })
    .onConflictDoNothing();
  return res.meta.changes > 0;
}

export type OpenAppeal = Omit<typeof a.$inferSelect, "message"> & { message: string };

/** The 100 oldest open appeals (one per refusal, so few), the total open, and the count of administrators. */
export async function loadOpenAppeals(
  env: Env,
): Promise<{ appeals: OpenAppeal[]; total: number; administrators: number }> {
  const db = getDb(env);
  const [rows, [total], [admins]] = await db.batch([
    db.select().from(a).where(eq(a.status, "open")).orderBy(asc(a.createdAt)).limit(100),
    db.select({ n: count() }).from(a).where(eq(a.status, "open")),
    db.select({ n: count() }).from(u).where(eq(u.accountType, ADMIN_ACCOUNT_TYPE)),
  ]);
  const appeals = await Promise.all(
    rows.map(async (r) => ({
      ...r,
      message: await openSecret(env, `appeal:${r.id}`, r.message).catch(() => "(This text cannot be opened.)"),
    })),
  );
  return { appeals, total: total?.n ?? 0, administrators: admins?.n ?? 0 };
}

/** Open appeals, for the administrators' home. */
export async function countOpenAppeals(env: Env): Promise<number> {
  const [row] = await getDb(env).select({ n: count() }).from(a).where(eq(a.status, "open"));
  return row?.n ?? 0;
}

export type AppealOutcome = { ok: true } | { ok: false; status: 404 | 409; error: string };

export async function decideAppeal(
  env: Env,
  ctx: WaitUntil,
  adminId: string,
  appealId: string,
  decision: AppealDecision,
  reason: string,
  origin: string,
  now: number,
): Promise<AppealOutcome> {
  const db = getDb(env);
  const [row] = await db.select().from(a).where(eq(a.id, appealId)).limit(1);
  if (!row) return { ok: false, status: 404, error: "Appeal not found" };
  if (row.status !== "open") return { ok: false, status: 409, error: APPEAL_MSG.decided };
  const [admins] = await db.select({ n: count() }).from(u).where(eq(u.accountType, ADMIN_ACCOUNT_TYPE));
  if (!mayDecide(adminId, row.refusedBy, admins?.n ?? 0))
    return { ok: false, status: 409, error: APPEAL_MSG.sameAdmin };
  const status = decision === "uphold" ? "upheld" : "overturned";
  // The guard again inside the statement: an administrator who refused cannot decide it even in a race.
  const otherAdmin = or(
    ne(a.refusedBy, adminId),
    sql`(select count(*) from ${u} where ${u.accountType} = ${ADMIN_ACCOUNT_TYPE}) <= 1`,
  );
  const statement = db
    .update(a)
    .set({ status, decidedAt: now, decidedBy: adminId, reason })
    .where(and(eq(a.id, row.id), eq(a.status, "open"), otherAdmin));
  const decided = sql`exists (select 1 from ${a} where ${a.id} = ${row.id} and ${a.status} = ${status} and ${a.decidedAt} = ${now} and ${a.decidedBy} = ${adminId})`;
  const audit = auditInsert(
    db,
    {
      adminId,
      action: decision === "uphold" ? "appeal_uphold" : "appeal_overturn",
      detail: `${row.kind} ${row.subjectId}: ${reason}`,
    },
    now,
    decided,
  );
  let done: boolean;
  if (decision === "uphold") {
    const [res] = await db.batch([statement, audit]);
    done = res.meta.changes > 0;
  } else if (row.kind === "takedown") {
    const c = await readCase(env, row.subjectId);
    done = c
      ? await reverseAfterAppeal(env, ctx, c, { statements: [statement, audit], decided }, reason, origin, now)
      : false;
  } else {
    done = await reopenAfterAppeal(env, row.subjectId, { statements: [statement, audit], decided }, now);
  }
  if (!done) return { ok: false, status: 409, error: APPEAL_MSG.decided };
  ctx.waitUntil(tellAppellant(env, row, status, reason, origin));
  return { ok: true };
}

async function tellAppellant(
  env: Env,
  row: typeof a.$inferSelect,
  status: "upheld" | "overturned",
  reason: string,
  origin: string,
) {
  let to: string | null = null;
  if (row.userId)
    to = (await getDb(env).select({ email: u.email }).from(u).where(eq(u.id, row.userId)))[0]?.email ?? null;
  else if (row.kind === "takedown") to = (await readCase(env, row.subjectId))?.contact ?? null;
  if (!to) return;
  const site = siteName(env);
  await sendEmail(env, {
    to,
    ...render(`Your appeal about ${row.listingName}`, [
      "Hi,",
      "",
      `Another administrator of ${site} has decided your appeal.`,
      status === "overturned" ? "The decision has been reversed." : "The decision stands.",
      reason,
      ...(status === "overturned" && row.kind !== "takedown" ? ["", ...reopenedLines(row.kind, origin)] : []),
    ]),
  });
}
