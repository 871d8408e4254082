// Deleting R2 objects is never best-effort: a deleted listing's photos and an account's ID documents must
// not survive a transient R2 failure. Keys go on a Cloudflare Queue; the consumer deletes them and asks for
// a retry with growing delays when R2 fails; after the queue's last retry the message goes to the
// dead-letter queue, whose consumer records the keys in D1, and the cron retries those until R2 answers.
import { asc, eq, inArray } from "drizzle-orm";
import { newId } from "~/platform/data/ids";
import { withVariantKeys } from "./variants";
import { getDb, schema } from "~/platform/data/db.server";
import type { DbEnv } from "~/platform/data/db.server";

export const R2_DELETE_QUEUE = "nz-listings-r2-deletes";
export const R2_DELETE_DEAD_LETTERS = "nz-listings-r2-deletes-failed";
/** Keys per message: R2 deletes up to 1000 per call, and a message stays far below the 128 KB limit. */
const KEYS_PER_MESSAGE = 500;

export type R2DeleteMessage = { keys: string[]; reason: string };

const f = schema.r2DeleteFailures;

/**
 * Queues the deletion of these objects, and of every size made of a listing photo among them (decision
 * 0013), so no caller can forget the sizes. Resolves once the queue has them (or throws: the caller's
 * write then fails).
 */
export async function enqueueR2Deletes(env: Pick<Env, "R2_DELETES">, keys: string[], reason: string): Promise<void> {
  const unique = withVariantKeys(keys);
  if (!unique.length) return;
  const messages: { body: R2DeleteMessage }[] = [];
  for (let i = 0; i < unique.length; i += KEYS_PER_MESSAGE)
    messages.push({ body: { keys: unique.slice(i, i + KEYS_PER_MESSAGE), reason } });
  await env.R2_DELETES.sendBatch(messages);
}

/**
 * Schedules the deletion of objects whose rows are already gone (with their photo sizes): on the queue,
 * or, when the queue cannot take them, straight into the table the cron retries. Either way they are
 * written down somewhere durable. Answers how many of the given objects that was.
 */
export async function scheduleR2Deletes(
  env: Pick<Env, "R2_DELETES" | "DB">,
  keys: string[],
  reason: string,
  now = Date.now(),
): Promise<number> {
  const unique = [...new Set(keys)].filter(Boolean);
  if (!unique.length) return 0;
  try {
    await enqueueR2Deletes(env, unique, reason);
  } catch (error) {
    console.error(
      "r2 delete queue unavailable; recorded for the cron",
      reason,
      error instanceof Error ? error.message : error,
    );
    await getDb(env)
      .insert(f)
      .values({
        id: newId(),
        keys: JSON.stringify(withVariantKeys(unique)),
        reason,
        attempts: 0,
        createdAt: now,
        lastTriedAt: now,
      });
  }
  return unique.length;
}

function isDeleteMessage(body: unknown): body is R2DeleteMessage {
  const b = body as R2DeleteMessage | null;
  return !!b && Array.isArray(b.keys) && b.keys.every((k) => typeof k === "string") && typeof b.reason === "string";
}

/** Seconds before retry N (1-based): 10, 20, 40 ... capped at 5 minutes. */
export function retryDelaySeconds(attempts: number): number {
  return Math.min(300, 10 * 2 ** Math.max(0, attempts - 1));
}

/** The delete queue's consumer: one R2 call per message; a failure retries that message alone, later. */
export async function consumeR2Deletes(batch: MessageBatch<unknown>, bucket: Pick<R2Bucket, "delete">): Promise<void> {
  for (const message of batch.messages) {
    if (!isDeleteMessage(message.body)) {
      console.error("r2 delete queue: malformed message dropped", message.id);
      message.ack();
      continue;
    }
    try {
      await bucket.delete(message.body.keys);
      message.ack();
    } catch (error) {
      console.error(
        "r2 delete failed, will retry",
        message.body.reason,
        message.attempts,
        error instanceof Error ? error.message : error,
      );
      message.retry({ delaySeconds: retryDelaySeconds(message.attempts) });
    }
  }
}

/** The dead-letter queue's consumer: what failed every retry is written down for the cron. */
export async function recordDeadLetters(batch: MessageBatch<unknown>, env: DbEnv, now = Date.now()): Promise<void> {
  const db = getDb(env);
  for (const message of batch.messages) {
    if (isDeleteMessage(message.body) && message.body.keys.length) {
      await db.insert(f).values({
        id: newId(),
        keys: JSON.stringify(message.body.keys),
        reason: message.body.reason,
        attempts: message.attempts,
        createdAt: now,
        lastTriedAt: now,
      });
    }
    message.ack();
  }
}

/** The cron's retry of recorded failures: each row is deleted once R2 has deleted its keys. */
export async function retryRecordedDeletes(
  env: Pick<Env, "DB" | "PHOTOS">,
  now = Date.now(),
  limit = 50,
): Promise<{ done: number; left: number }> {
  const db = getDb(env);
  const rows = await db.select().from(f).orderBy(asc(f.lastTriedAt)).limit(limit);
  const done: string[] = [];
  for (const row of rows) {
    try {
      await env.PHOTOS.delete(JSON.parse(row.keys) as string[]);
      done.push(row.id);
    } catch (error) {
      console.error("r2 delete retry failed", row.id, error instanceof Error ? error.message : error);
      await db
        .update(f)
        .set({ attempts: row.attempts + 1, lastTriedAt: now })
        .where(eq(f.id, row.id));
    }
  }
  if (done.length) await db.delete(f).where(inArray(f.id, done));
  return { done: done.length, left: rows.length - done.length };
}
