// Sending a window's messages to the count queue (docs/decisions/0044-counting-keys-lanes-and-bytes.md). The
// messages are already small (count-wire.ts packs them to a quarter of the queue's limit); they go in batches
// well under sendBatch's limits, and a batch that fails is retried, then sent message by message, and a
// message that fails alone is split in two: what one bad message cannot carry is only that message's.
import { halves, jsonBytes } from "./count-wire";
import type { CountMessage } from "./count-wire";

/** sendBatch takes at most 100 messages and 256 KB: half of that, with room to spare. */
const BATCH_MESSAGES = 100;
const BATCH_BYTES = 128_000;
/** Attempts at a whole batch, with a short pause between (the queue answering is what makes it durable). */
const BATCH_ATTEMPTS = 3;

function batchesOf(messages: CountMessage[]): CountMessage[][] {
  const out: CountMessage[][] = [];
  let batch: CountMessage[] = [];
  let bytes = 0;
  for (const message of messages) {
    const size = jsonBytes(message);
    if (batch.length && (batch.length >= BATCH_MESSAGES || bytes + size > BATCH_BYTES)) {
      out.push(batch);
      batch = [];
      bytes = 0;
    }
    batch.push(message);
    bytes += size;
  }
  if (batch.length) out.push(batch);
  return out;
}

const eventsIn = (message: CountMessage) => message.visits.reduce((n, v) => n + v.length - 3, 0);

/** Sends `messages` as one batch, `attempts` times at most: the last error, or null once it went. */
async function trySend(queue: Queue, messages: CountMessage[], attempts: number): Promise<unknown> {
  for (let attempt = 1; ; attempt++) {
    try {
      await queue.sendBatch(messages.map((body) => ({ body, contentType: "json" as const })));
      return null;
    } catch (error) {
      if (attempt >= attempts) return error ?? new Error("send failed");
      await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
    }
  }
}

/** One message of a failed batch on its own, then in halves: the events that still could not go. */
async function sendAlone(queue: Queue, message: CountMessage, errors: unknown[]): Promise<number> {
  const error = await trySend(queue, [message], 2);
  if (!error) return 0;
  const parts = halves(message);
  if (parts.length === 1) {
    errors.push(error);
    return eventsIn(message);
  }
  let lost = 0;
  for (const part of parts) {
    const failed = await trySend(queue, [part], 2);
    if (failed) {
      errors.push(failed);
      lost += eventsIn(part);
    }
  }
  return lost;
}

/**
 * Sends `messages`, in order. Answers how many events could not be queued (0 when all went): those are logged,
 * the loss decision 0024 bounds, now only what failed on its own.
 */
export async function sendCountMessages(queue: Queue, messages: CountMessage[]): Promise<number> {
  let lost = 0;
  const errors: unknown[] = [];
  for (const batch of batchesOf(messages)) {
    if (!(await trySend(queue, batch, BATCH_ATTEMPTS))) continue;
    for (const message of batch) lost += await sendAlone(queue, message, errors);
  }
  if (lost) console.error(`counts: ${lost} events could not be queued`, errors[errors.length - 1]);
  return lost;
}
