// Insights counting off the request path (docs/decisions/0024-counting-off-the-request-path.md): pages and the
// beacon hand events to the real count queue; its consumer writes one aggregate row per listing per day, once
// per visitor, and a failed flush is retried without counting anything twice.
import { createExecutionContext, createMessageBatch, env, getQueueResult } from "cloudflare:test";
import { describe, expect, it, vi } from "vitest";
import { countDay } from "~/platform/http/client-address";
import { marksOf } from "~/features/insights/count-events";
import type { CountItem } from "~/features/insights/count-events";
import { COUNT_QUEUE, flushMarks, retryDelaySeconds } from "~/features/insights/count-flush.server";
import { sweepCountMarks } from "~/features/insights/stats.server";
import worker from "../../workers/app";
import { client, freshIp } from "./client";
import { insertListing } from "./fixtures";
import { insertImages, rows } from "./public-fixtures";
import { sleep } from "./background";
import { onNzMorningClock } from "./clock";

const CHROME =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36";
const browser = { headers: { "User-Agent": CHROME } };

type Daily = {
  impressions: number;
  views: number;
  photo_opens: number;
  contacts: number;
  likes: number;
  favourites: number;
};
const ZERO: Daily = { impressions: 0, views: 0, photo_opens: 0, contacts: 0, likes: 0, favourites: 0 };

async function daily(id: string): Promise<Daily> {
  const [row] = await rows<Daily>(
    "SELECT impressions, views, photo_opens, contacts, likes, favourites FROM listing_daily WHERE listing_id = ? AND day = ?",
    id,
    countDay(Date.now()),
  );
  return row ?? ZERO;
}

/** Polls until the day's row reads `expected` (the window, the queue's batch and the flush come after the answer). */
async function untilDaily(id: string, expected: Partial<Daily>, ms = 10_000): Promise<void> {
  const want = { ...ZERO, ...expected };
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await daily(id);
    if (JSON.stringify(value) === JSON.stringify(want)) return;
    if (Date.now() > deadline) expect(value).toEqual(want);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const beacon = (ip: string, events: unknown, headers: Record<string, string> = {}) =>
  client({ ip }).post(
    "/api/insights/events",
    { raw: JSON.stringify({ events }), type: "text/plain" },
    {
      headers: { "User-Agent": CHROME, ...headers },
    },
  );

// Each test reads the day's row after counting into it: see clock.ts.
onNzMorningClock();

describe("counting through the queue", () => {
  it("a profile view counts once per visitor per day, in the day's row and the month's", async () => {
    const id = await insertListing();
    const ip = freshIp();
    for (let i = 0; i < 4; i++) expect((await client({ ip }).get(`/view/${id}`, browser)).status).toBe(200);
    await client().get(`/view/${id}`, browser);
    await untilDaily(id, { views: 2 });
    const [month] = await rows<{ views: number }>("SELECT views FROM listing_stats WHERE listing_id = ?", id);
    expect(month.views).toBe(2);
  });

  it("bots and prefetches count nothing", async () => {
    const id = await insertListing();
    const bot = {
      headers: { "User-Agent": "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)" },
    };
    expect((await client().get(`/view/${id}`, bot)).status).toBe(200);
    expect(
      (await client().get(`/view/${id}`, { headers: { ...browser.headers, "Sec-Purpose": "prefetch" } })).status,
    ).toBe(200);
    expect((await client().get(`/view/${id}`, { headers: { ...browser.headers, Purpose: "prefetch" } })).status).toBe(
      200,
    );
    expect((await beacon(freshIp(), [{ kind: "impression", listing: id }], { "Sec-Purpose": "prefetch" })).status).toBe(
      204,
    );
    // A real view after them: once it is in, nothing before it was counted.
    await client().get(`/view/${id}`, browser);
    await untilDaily(id, { views: 1 });
    await sleep(2500);
    expect(await daily(id)).toEqual({ ...ZERO, views: 1 });
  });

  it("the beacon counts impressions (with the cover shown), photo opens and favourites, once per visitor a day", async () => {
    const id = await insertListing({ coverKey: "listing/cover-one.webp" });
    // A photo open counts for one of the listing's own photos (not any key a beacon names).
    const [second] = await insertImages(id, [1]);
    await env.DB.prepare("UPDATE listing_images SET r2_key = 'listing/second.webp' WHERE id = ?").bind(second).run();
    const ip = freshIp();
    const events = [
      { kind: "impression", listing: id, photo: "/photos/listing/cover-one.w480.webp" },
      { kind: "photo", listing: id, photo: "/photos/listing/second.webp" },
      { kind: "favourite", listing: id },
    ];
    expect((await beacon(ip, events)).status).toBe(204);
    expect((await beacon(ip, events)).status).toBe(204);
    expect((await beacon(freshIp(), events.slice(0, 1))).status).toBe(204);
    await untilDaily(id, { impressions: 2, photo_opens: 1, favourites: 1 });
    expect(
      await rows("SELECT photo, shown, opened FROM listing_photo_daily WHERE listing_id = ? ORDER BY photo", id),
    ).toEqual([
      { photo: "listing/cover-one.webp", shown: 2, opened: 0 },
      { photo: "listing/second.webp", shown: 0, opened: 1 },
    ]);
  });

  it("counts only a current, shown photo of the listing: other keys add no row and no mark", async () => {
    const id = await insertListing({ coverKey: "listing/cover-real.webp" });
    await insertListing({ coverKey: "listing/cover-other.webp" });
    const [shownId, hiddenId] = await insertImages(id, [1, 2]);
    await env.DB.prepare("UPDATE listing_images SET public = 0 WHERE id = ?").bind(hiddenId).run();
    const keyOf = async (imageId: string) =>
      (await rows<{ r2_key: string }>("SELECT r2_key FROM listing_images WHERE id = ?", imageId))[0].r2_key;
    const [shown, hidden] = [await keyOf(shownId), await keyOf(hiddenId)];
    const junk = Array.from({ length: 50 }, (_, i) => ({
      kind: "photo",
      listing: id,
      photo: `/photos/listing/junk${i}.webp`,
    }));
    expect(
      (
        await beacon(freshIp(), [
          // A card with a cover that is not this listing's: the impression counts, no photo is credited.
          { kind: "impression", listing: id, photo: "/photos/listing/not-its-cover.w480.webp" },
          ...junk,
          { kind: "photo", listing: id, photo: "/photos/listing/cover-other.webp" },
          { kind: "photo", listing: id, photo: `/photos/${hidden}` },
          { kind: "open", listing: id, photo: "/photos/listing/junk-open.webp" },
          { kind: "photo", listing: id, photo: `/photos/${shown.replace(".webp", ".w960.webp")}` },
        ])
      ).status,
    ).toBe(204);
    expect(
      (await beacon(freshIp(), [{ kind: "impression", listing: id, photo: "/photos/listing/cover-real.w480.webp" }]))
        .status,
    ).toBe(204);
    await untilDaily(id, { impressions: 2, photo_opens: 1 });
    expect(
      await rows(
        "SELECT photo, shown, opened, card_opens FROM listing_photo_daily WHERE listing_id = ? ORDER BY shown",
        id,
      ),
    ).toEqual([
      { photo: shown, shown: 0, opened: 1, card_opens: 0 },
      { photo: "listing/cover-real.webp", shown: 1, opened: 0, card_opens: 0 },
    ]);
    expect(await rows("SELECT photo FROM count_marks WHERE photo LIKE '%junk%' OR photo LIKE '%other%'")).toEqual([]);
  });

  it("refuses a malformed beacon with a clear error and counts nothing", async () => {
    const id = await insertListing();
    const bad = [
      [{ kind: "view", listing: id }],
      [{ kind: "impression", listing: "nope" }],
      [{ kind: "photo", listing: id }],
      Array.from({ length: 61 }, () => ({ kind: "impression", listing: id })),
    ];
    for (const events of bad) {
      const res = await beacon(freshIp(), events);
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ error: expect.any(String) });
    }
    const notJson = await client().post("/api/insights/events", { raw: "{", type: "text/plain" });
    expect(notJson.status).toBe(400);
  });

  it("contacts and likes reach the day's row too", async () => {
    const id = await insertListing();
    const ip = freshIp();
    await client({ ip }).put(`/api/visits/incrementContact/${id}`, undefined, browser);
    await client({ ip }).put(`/api/visits/incrementContact/${id}`, undefined, browser);
    await client({ ip }).post(`/api/profiles/${id}/like`, { json: { fingerprint: "visitor_daily01" } }, browser);
    await untilDaily(id, { contacts: 1, likes: 1 });
  });
});

describe("the count queue's consumer", () => {
  const items = (id: string, visitors: number, kind: "view" | "impression" = "view"): CountItem[] =>
    Array.from({ length: visitors }, (_, i) => ({ at: Date.now(), visitor: `v${i}`, events: [{ kind, listing: id }] }));
  const batchOf = (bodies: unknown[], attempts = 1) =>
    createMessageBatch(
      COUNT_QUEUE,
      bodies.map((body, i) => ({ id: `m-${attempts}-${i}`, timestamp: new Date(), attempts, body })),
    );
  /** A D1 whose batches fail: the flush must leave nothing half-written and ask for a retry. */
  const brokenDb = { prepare: (sql: string) => env.DB.prepare(sql), batch: () => Promise.reject(new Error("D1 down")) };

  it("1,000 distinct visitors in many messages end as exactly 1,000 views", async () => {
    const id = await insertListing();
    const all = items(id, 1000);
    const bodies = Array.from({ length: 10 }, (_, i) => ({ items: all.slice(i * 100, i * 100 + 100) }));
    // Every visitor twice: a repeat within the batch counts nothing.
    const batch = batchOf([...bodies, ...bodies]);
    const ctx = createExecutionContext();
    await worker.queue!(batch, env, ctx);
    expect((await getQueueResult(batch, ctx)).ackAll).toBe(true);
    expect((await daily(id)).views).toBe(1000);
  });

  it("a failed flush writes nothing and is retried later; the retry counts each visitor once", async () => {
    const id = await insertListing();
    const body = { items: items(id, 3, "impression") };
    const first = batchOf([body], 1);
    const ctx1 = createExecutionContext();
    await worker.queue!(first, { ...env, DB: brokenDb as unknown as D1Database }, ctx1);
    const result1 = await getQueueResult(first, ctx1);
    expect(result1.explicitAcks).toEqual([]);
    expect(result1.ackAll).toBe(false);
    expect(result1.retryBatch.retry).toBe(true);
    expect(await daily(id)).toEqual(ZERO);
    expect(await rows("SELECT key FROM count_marks")).toEqual([]);

    const second = batchOf([body], 2);
    const ctx2 = createExecutionContext();
    await worker.queue!(second, env, ctx2);
    expect((await getQueueResult(second, ctx2)).ackAll).toBe(true);
    expect((await daily(id)).impressions).toBe(3);
    // Delivered once more (the ack was lost): the marks are there, nothing is added.
    const third = batchOf([body], 3);
    await worker.queue!(third, env, createExecutionContext());
    expect((await daily(id)).impressions).toBe(3);
  });

  it("writes the server's lane apart: a beacon lane that cannot be written holds back no contact tap", async () => {
    const id = await insertListing();
    // A D1 that fails every batch carrying an impression, and only those.
    const bound = new WeakMap<D1PreparedStatement, string>();
    const impressionsFail = {
      prepare: (sql: string) => {
        const real = env.DB.prepare(sql);
        return {
          bind: (...args: unknown[]) => {
            const statement = real.bind(...args);
            bound.set(statement, JSON.stringify(args));
            return statement;
          },
        };
      },
      batch: (statements: D1PreparedStatement[]) =>
        statements.some((s) => (bound.get(s) ?? "").includes('\\"kind\\":\\"impression\\"'))
          ? Promise.reject(new Error("D1 down for impressions"))
          : env.DB.batch(statements),
    };
    const at = Date.now();
    const server = { v: 2, lane: "server", visits: [[at, "v1", "", `c${id}`]] };
    const beacon = { v: 2, lane: "beacon", visits: [[at, "v2", "", `i${id}`]] };
    const batch = batchOf([beacon, server]);
    const ctx = createExecutionContext();
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      await worker.queue!(batch, { ...env, DB: impressionsFail as unknown as D1Database }, ctx);
    } finally {
      errors.mockRestore();
    }
    const result = await getQueueResult(batch, ctx);
    expect(result.ackAll).toBe(false);
    expect(result.explicitAcks).toEqual(["m-1-1"]);
    expect(result.retryMessages.map((m) => m.msgId)).toEqual(["m-1-0"]);
    expect(await daily(id)).toEqual({ ...ZERO, contacts: 1 });
  });

  it("waits longer before each retry", () => {
    expect([1, 2, 3, 4, 10].map(retryDelaySeconds)).toEqual([10, 20, 40, 80, 300]);
  });

  it("drops malformed messages and marks of deleted listings without failing the batch", async () => {
    const id = await insertListing();
    const batch = batchOf([
      "junk",
      { items: [{ at: "x", visitor: "v", events: [] }] },
      { items: items("0000000000000000", 2) },
      { items: items(id, 1) },
    ]);
    const ctx = createExecutionContext();
    await worker.queue!(batch, env, ctx);
    expect((await getQueueResult(batch, ctx)).ackAll).toBe(true);
    expect(await rows("SELECT listing_id, views FROM listing_daily")).toEqual([{ listing_id: id, views: 1 }]);
  });

  it("keeps no address: marks are keyed hashes, and the cron forgets them after two days", async () => {
    const id = await insertListing();
    const ip = "10.77.66.55";
    await client({ ip }).get(`/view/${id}`, browser);
    await untilDaily(id, { views: 1 });
    const marks = await rows<{ key: string }>("SELECT key FROM count_marks");
    expect(marks.length).toBe(1);
    expect(JSON.stringify(marks)).not.toContain(ip);
    await sweepCountMarks(env, Date.now() + 3 * 86_400_000);
    expect(await rows("SELECT key FROM count_marks")).toEqual([]);
    expect((await daily(id)).views).toBe(1);
  });

  it("flushMarks answers how many marks were new", async () => {
    const id = await insertListing();
    const marks = marksOf(items(id, 5));
    expect(await flushMarks(env.DB, marks)).toBe(5);
    expect(await flushMarks(env.DB, marks)).toBe(0);
  });
});
