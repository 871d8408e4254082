// What is hidden is gone: a hidden listing's photos only reach its owner and the administrators (never
// cached), a deleted listing's reach nobody, and the R2 objects of deleted things go through a queue that
// retries until R2 has deleted them, with a dead-letter record the cron retries after that.
import { createExecutionContext, createMessageBatch, env, getQueueResult } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { PUBLIC_PHOTO_MAX_AGE } from "~/features/photos/photos.server";
import {
  R2_DELETE_DEAD_LETTERS,
  R2_DELETE_QUEUE,
  retryDelaySeconds,
  retryRecordedDeletes,
  scheduleR2Deletes,
} from "~/features/photos/r2-deletes.server";
import worker from "../../workers/app";
import { client, signedIn } from "./client";
import type { Client } from "./client";
import { addPhotos } from "./dashboard-fixtures";
import { insertListing } from "./fixtures";
import { eventually, rows } from "./public-fixtures";

async function listingWithPhotos(live: boolean) {
  const owner = await signedIn();
  const id = await insertListing({ userId: owner.userId, live, verified: true });
  const keys = await addPhotos(id, [1, 2, 3]);
  return { id, keys, owner };
}

const photo = (key: string, as: Client = client()) => as.get(`/photos/${key}`);

/** An R2 bucket whose deletes fail the first `failures` times, then reach the real one. */
function flakyBucket(failures: number) {
  let calls = 0;
  return {
    get calls() {
      return calls;
    },
    async delete(keys: string | string[]) {
      calls++;
      if (calls <= failures) throw new Error("R2 is having a moment");
      return env.PHOTOS.delete(keys);
    },
  };
}

const exists = async (key: string) => (await env.PHOTOS.head(key)) !== null;

describe("photos of hidden and deleted listings", () => {
  it("a live listing's photos are public, cacheable for minutes, never for a year", async () => {
    const { keys } = await listingWithPhotos(true);
    const res = await photo(keys[0]);
    expect(res.status).toBe(200);
    expect(res.headers.get("Cache-Control")).toBe(`public, max-age=${PUBLIC_PHOTO_MAX_AGE}`);
    expect(res.headers.get("Cache-Control")).not.toContain("immutable");
  });

  it("once hidden, only the owner and administrators get them, private and uncached", async () => {
    const { id, keys, owner } = await listingWithPhotos(true);
    expect((await owner.client.put(`/api/profiles/${id}/live`, { json: { live: false } })).status).toBe(200);
    const admin = await signedIn({ admin: true });
    const stranger = await signedIn();
    for (const key of keys) {
      expect((await photo(key)).status).toBe(404);
      expect((await photo(key, stranger.client)).status).toBe(404);
      for (const who of [owner, admin]) {
        const res = await photo(key, who.client);
        expect(res.status).toBe(200);
        expect(res.headers.get("Cache-Control")).toBe("private, no-store");
      }
    }
  });

  it("once deleted, nobody gets them, and the objects leave R2 through the queue", async () => {
    const { id, keys, owner } = await listingWithPhotos(true);
    expect((await owner.client.delete(`/api/profiles/${id}/listing`)).status).toBe(200);
    for (const key of keys) expect((await photo(key, owner.client)).status).toBe(404);
    await eventually(async () => (await Promise.all(keys.map(exists))).every((e) => !e), 5000);
  });

  it("unknown and malformed photo paths are 404, never 500", async () => {
    for (const path of [
      "listing/nope.webp",
      "pending/x.webp",
      "private/x",
      "listing/%00.webp",
      "listing/a/../b.webp",
      "x".repeat(3000),
    ]) {
      expect((await client().get(`/photos/${path}`)).status, path.slice(0, 30)).toBe(404);
    }
  });
});

describe("the R2 delete queue", () => {
  const batchOf = (queue: string, keys: string[], attempts = 1) =>
    createMessageBatch(queue, [
      { id: `m-${attempts}`, timestamp: new Date(), attempts, body: { keys, reason: "listing deleted" } },
    ]);

  it("retries a message whose delete failed, with a delay, and deletes on the next try", async () => {
    await env.PHOTOS.put("listing/flaky-1.webp", "x");
    await env.PHOTOS.put("listing/flaky-2.webp", "x");
    const bucket = flakyBucket(1);
    const keys = ["listing/flaky-1.webp", "listing/flaky-2.webp"];

    const first = batchOf(R2_DELETE_QUEUE, keys, 1);
    const ctx1 = createExecutionContext();
    await worker.queue!(first, { ...env, PHOTOS: bucket as unknown as R2Bucket }, ctx1);
    const result1 = await getQueueResult(first, ctx1);
    expect(result1.retryMessages).toEqual([expect.objectContaining({ msgId: "m-1" })]);
    expect(result1.explicitAcks).toEqual([]);
    expect(await exists(keys[0])).toBe(true);

    const second = batchOf(R2_DELETE_QUEUE, keys, 2);
    const ctx2 = createExecutionContext();
    await worker.queue!(second, { ...env, PHOTOS: bucket as unknown as R2Bucket }, ctx2);
    const result2 = await getQueueResult(second, ctx2);
    expect(result2.explicitAcks).toEqual(["m-2"]);
    expect(result2.retryMessages).toEqual([]);
    expect(await exists(keys[0])).toBe(false);
    expect(await exists(keys[1])).toBe(false);
  });

  it("waits longer before each retry", () => {
    expect([1, 2, 3, 4, 10].map(retryDelaySeconds)).toEqual([10, 20, 40, 80, 300]);
  });

  it("after the last retry, the dead-letter consumer records the keys, and the cron deletes them", async () => {
    await env.PHOTOS.put("listing/dead-1.webp", "x");
    const dead = batchOf(R2_DELETE_DEAD_LETTERS, ["listing/dead-1.webp"], 4);
    const ctx = createExecutionContext();
    await worker.queue!(dead, env, ctx);
    expect((await getQueueResult(dead, ctx)).explicitAcks).toEqual(["m-4"]);
    const recorded = await rows<{ keys: string; reason: string; attempts: number }>(
      "SELECT keys, reason, attempts FROM r2_delete_failures",
    );
    expect(recorded).toEqual([{ keys: '["listing/dead-1.webp"]', reason: "listing deleted", attempts: 4 }]);

    // R2 still failing: the row stays, its attempts counted.
    const down = flakyBucket(99);
    expect(await retryRecordedDeletes({ DB: env.DB, PHOTOS: down as unknown as R2Bucket })).toEqual({
      done: 0,
      left: 1,
    });
    expect(await rows("SELECT attempts FROM r2_delete_failures")).toEqual([{ attempts: 5 }]);
    // R2 back: the object and the row go.
    expect(await retryRecordedDeletes(env)).toEqual({ done: 1, left: 0 });
    expect(await exists("listing/dead-1.webp")).toBe(false);
    expect(await rows("SELECT id FROM r2_delete_failures")).toEqual([]);
  });

  it("when the queue itself is down, the keys are written down for the cron instead", async () => {
    const broken = { sendBatch: async () => Promise.reject(new Error("queue unavailable")) } as unknown as Queue;
    expect(
      await scheduleR2Deletes(
        { DB: env.DB, R2_DELETES: broken },
        ["listing/a.webp", "listing/a.webp", "listing/b.webp"],
        "photo deleted",
      ),
    ).toBe(2);
    expect(await rows("SELECT keys, reason FROM r2_delete_failures")).toEqual([
      { keys: '["listing/a.webp","listing/b.webp"]', reason: "photo deleted" },
    ]);
  });
});
