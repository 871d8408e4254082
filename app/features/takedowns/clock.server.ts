// The scheduled pass of the takedown clock (the Worker's cron, app/jobs/jobs.server.ts): a case whose owner
// did not answer within the window has its content taken down (HDCA s 24(2)(c)), and the proof photos of
// decided cases whose delete failed are deleted again. Bounded per run; each case is decided by its own
// guarded batch, so a repeated or overlapping run changes nothing twice.
import { and, asc, eq, isNotNull, lte } from "drizzle-orm";
import { getDb, schema } from "~/platform/data/db.server";
import type { WaitUntil } from "~/platform/request-context";
import { decideCase } from "./decide.server";
import { deleteProof, PROOF_PREFIX } from "./proof.server";

const t = schema.takedownCases;
const PER_RUN = 50;

export async function runTakedownClock(env: Env, ctx: WaitUntil, origin: string, now: number): Promise<number> {
  const db = getDb(env);
  const due = await db
    .select()
    .from(t)
    .where(and(eq(t.status, "waiting"), lte(t.answerDueAt, now)))
    .orderBy(asc(t.answerDueAt))
    .limit(PER_RUN);
  let taken = 0;
  for (const row of due) {
    const expect = and(eq(t.status, "waiting"), lte(t.answerDueAt, now))!;
    if (await decideCase(env, ctx, row, "taken_down", "clock", "", origin, now, expect)) taken++;
  }
  await sweepProofs(env);
  return taken;
}

/** Proof photos in R2 that no open case names (a decision whose delete failed, a case never written). */
async function sweepProofs(env: Env) {
  const listed = await env.PHOTOS.list({ prefix: PROOF_PREFIX, limit: 200 });
  if (listed.objects.length === 0) return;
  const named = new Set(
    (await getDb(env).select({ key: t.proofKey }).from(t).where(isNotNull(t.proofKey))).map((r) => r.key),
  );
  // An hour's grace: a case being filed writes its photo just before its row.
  const old = listed.objects.filter((o) => !named.has(o.key) && o.uploaded.getTime() < Date.now() - 3_600_000);
  for (const o of old) await deleteProof(env, o.key);
}
