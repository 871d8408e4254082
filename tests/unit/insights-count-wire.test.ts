// Counts on the queue (docs/decisions/0044-counting-keys-lanes-and-bytes.md): compact messages packed by bytes,
// two lanes, a window that keeps each visitor's event once, and a send that splits what fails.
import { describe, expect, it, vi } from "vitest";
import type { CountEvent } from "~/features/insights/count-events";
import {
  decodeEvent,
  encodeEvent,
  halves,
  jsonBytes,
  laneOf,
  MESSAGE_BYTES,
  packMessages,
  readCountMessage,
} from "~/features/insights/count-wire";
import type { CountMessage, WireVisit } from "~/features/insights/count-wire";
import { sendCountMessages } from "~/features/insights/count-send.server";
import { countEvents } from "~/features/insights/count-queue.server";
import { prepareVisitorSalts } from "~/platform/crypto/visitor-key.server";

const listing = (i: number) => `l${String(i).padStart(15, "0")}`;
const cover = (i: number) => `listing/${String(i).padStart(24, "c")}.webp`;
const gridBeacon = (): CountEvent[] =>
  Array.from({ length: 60 }, (_, i) => ({ kind: "impression", listing: listing(i), photo: cover(i) }));
const visitor = (i: number) => `visitor-${String(i).padStart(35, "0")}`;
const AT = Date.UTC(2026, 10, 26, 10);

const visitsOf = (n: number, events = gridBeacon()): WireVisit[] =>
  Array.from({ length: n }, (_, i) => [AT + i, visitor(i), "", ...events.map(encodeEvent)]);
const eventsOf = (messages: CountMessage[]) =>
  messages.flatMap((m) => readCountMessage(m).items.flatMap((i) => i.events));

describe("lanes", () => {
  it("put what the server counts apart from what browsers report", () => {
    expect(["view", "contact", "like"].map((k) => laneOf(k as CountEvent["kind"]))).toEqual([
      "server",
      "server",
      "server",
    ]);
    expect(["impression", "photo", "favourite", "open"].map((k) => laneOf(k as CountEvent["kind"]))).toEqual([
      "beacon",
      "beacon",
      "beacon",
      "beacon",
    ]);
  });
});

describe("an event on the wire", () => {
  it("is its kind's letter, the listing and the photo key, and reads back the same", () => {
    const e: CountEvent = { kind: "impression", listing: listing(1), photo: cover(1) };
    expect(encodeEvent(e)).toBe(`i${listing(1)} ${cover(1)}`);
    expect(decodeEvent(encodeEvent(e))).toEqual(e);
    expect(decodeEvent(encodeEvent({ kind: "contact", listing: listing(2) }))).toEqual({
      kind: "contact",
      listing: listing(2),
    });
    for (const junk of ["", "x0000", 42, null, `i${"a".repeat(500)}`]) expect(decodeEvent(junk)).toBeNull();
  });

  it("is about half the size the objects were", () => {
    const events = gridBeacon();
    const before = jsonBytes({ at: AT, visitor: visitor(0), events });
    const after = jsonBytes(packMessages("beacon", visitsOf(1, events)));
    expect(before).toBeGreaterThan(6_000);
    expect(after).toBeLessThan(before * 0.6);
  });
});

describe("packing a window into messages", () => {
  it("keeps every message under a quarter of the queue's limit, and every event", () => {
    const visits = visitsOf(100);
    const messages = packMessages("beacon", visits);
    expect(messages.length).toBeGreaterThan(5);
    for (const m of messages) expect(jsonBytes(m)).toBeLessThanOrEqual(MESSAGE_BYTES);
    expect(MESSAGE_BYTES).toBeLessThanOrEqual(128_000 / 4);
    expect(eventsOf(messages)).toHaveLength(6_000);
    expect(new Set(messages.map((m) => m.lane))).toEqual(new Set(["beacon"]));
  });

  it("carries one visitor's events on across messages, under the same visitor", () => {
    const many = Array.from({ length: 1_800 }, (_, i) =>
      encodeEvent({ kind: "photo", listing: listing(1), photo: cover(i) }),
    );
    const messages = packMessages("beacon", [[AT, visitor(7), "", ...many]]);
    expect(messages.length).toBeGreaterThan(2);
    for (const m of messages) {
      expect(jsonBytes(m)).toBeLessThanOrEqual(MESSAGE_BYTES);
      expect(readCountMessage(m).items.map((i) => [i.at, i.visitor])).toEqual([[AT, visitor(7)]]);
    }
    expect(eventsOf(messages)).toHaveLength(1_800);
  });

  it("cuts a message in halves that hold all of it", () => {
    const [message] = packMessages("beacon", visitsOf(4));
    const parts = halves(message);
    expect(parts.length).toBeGreaterThanOrEqual(2);
    for (const p of parts) expect(jsonBytes(p)).toBeLessThan(jsonBytes(message) * 0.6);
    expect(eventsOf(parts)).toEqual(eventsOf([message]));
    const [single] = packMessages("server", [
      [AT, visitor(1), "", encodeEvent({ kind: "contact", listing: listing(1) })],
    ]);
    expect(halves(single)).toEqual([single]);
  });
});

describe("reading a message", () => {
  it("reads its lane, visits and region, and drops what is malformed", () => {
    const body = {
      v: 2,
      lane: "server",
      visits: [
        [AT, visitor(1), "AUK", encodeEvent({ kind: "view", listing: listing(1) }), "zzz", 5],
        ["x", visitor(2), "", encodeEvent({ kind: "view", listing: listing(1) })],
        "junk",
      ],
    };
    expect(readCountMessage(body)).toEqual({
      lane: "server",
      items: [{ at: AT, visitor: visitor(1), region: "AUK", events: [{ kind: "view", listing: listing(1) }] }],
    });
    expect(readCountMessage({ ...body, lane: "other" }).lane).toBe("beacon");
    expect(readCountMessage("junk")).toEqual({ lane: "server", items: [] });
  });

  it("still reads the messages from before (one window's items)", () => {
    const item = { at: AT, visitor: visitor(1), events: [{ kind: "view", listing: listing(1) }] };
    expect(readCountMessage({ items: [item, { at: "x" }] })).toEqual({ lane: "server", items: [item] });
  });
});

/** A queue that refuses any message over `maxMessage` bytes, and fails whole batches while `down` says so. */
function fakeQueue(o: { maxMessage?: number; down?: (messages: CountMessage[]) => boolean } = {}) {
  const sent: CountMessage[] = [];
  const calls: number[] = [];
  const queue = {
    async sendBatch(batch: { body: CountMessage }[]) {
      const bodies = batch.map((m) => m.body);
      calls.push(bodies.length);
      if (bodies.some((b) => jsonBytes(b) > (o.maxMessage ?? 128_000))) throw new Error("message too large");
      if (o.down?.(bodies)) throw new Error("queue down");
      sent.push(...bodies);
    },
  } as unknown as Queue;
  return { queue, sent, calls };
}

describe("sending", () => {
  it("sends in batches under sendBatch's limits", async () => {
    const { queue, sent, calls } = fakeQueue();
    const messages = packMessages("beacon", visitsOf(200));
    expect(await sendCountMessages(queue, messages)).toBe(0);
    expect(sent).toEqual(messages);
    for (const n of calls) expect(n).toBeLessThanOrEqual(100);
    expect(calls.length).toBeGreaterThan(1);
  });

  it("retries a batch that failed, then sends its messages one by one and halves one that fails alone", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      // Messages over 20 KB fail whatever happens: they go in halves.
      const big = fakeQueue({ maxMessage: 20_000 });
      const messages = packMessages("beacon", visitsOf(20));
      expect(await sendCountMessages(big.queue, messages)).toBe(0);
      expect(eventsOf(big.sent)).toEqual(eventsOf(messages));

      // A poisoned message is lost alone; everything beside it goes.
      const poisoned = (m: CountMessage) => m.visits.some((v) => v[1] === visitor(3));
      const q = fakeQueue({ down: (bodies) => bodies.some(poisoned) });
      // One visit a message here, so the poisoned one is one message.
      const lost = await sendCountMessages(
        q.queue,
        visitsOf(8).map((v) => packMessages("beacon", [v])[0]),
      );
      expect(lost).toBe(60);
      expect(eventsOf(q.sent)).toHaveLength(7 * 60);
      expect(errors).toHaveBeenCalledWith("counts: 60 events could not be queued", expect.any(Error));
    } finally {
      errors.mockRestore();
    }
  });
});

/** KV as a Map, for the day's salt. */
const fakeKv = () => {
  const store = new Map<string, string>();
  return {
    get: async (k: string) => store.get(k) ?? null,
    put: async (k: string, v: string) => void store.set(k, v),
  } as unknown as KVNamespace;
};

describe("a window", () => {
  it("keeps each visitor's event once, and the server's lane in messages of its own", async () => {
    const sent: CountMessage[][] = [];
    const env = {
      COUNTS: { sendBatch: async (b: { body: CountMessage }[]) => void sent.push(b.map((m) => m.body)) },
      PROFILES: fakeKv(),
      VISITOR_KEY: Buffer.alloc(32, 9).toString("base64"),
      COUNT_WINDOW_MS: "200",
    } as unknown as Env;
    // The cron has made the day's salt, as it does a day ahead.
    await prepareVisitorSalts(env, Date.now());
    const waits: Promise<unknown>[] = [];
    const ctx = { waitUntil: (p: Promise<unknown>) => void waits.push(p) };
    const request = (ip: string) =>
      new Request("http://x/", {
        headers: { "CF-Connecting-IP": ip, "User-Agent": "Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0 Safari/537.36" },
      });
    countEvents(env, ctx, request("198.51.100.1"), gridBeacon());
    countEvents(env, ctx, request("198.51.100.1"), gridBeacon());
    countEvents(env, ctx, request("198.51.100.2"), [{ kind: "contact", listing: listing(5) }]);
    await Promise.all(waits);
    const messages = sent.flat();
    expect(messages.map((m) => m.lane).sort()).toEqual(["beacon", "server"]);
    const beacon = messages.find((m) => m.lane === "beacon")!;
    expect(beacon.visits).toHaveLength(1);
    expect(beacon.visits[0].length - 3).toBe(60);
    // Each lane went in a sendBatch of its own.
    expect(sent.every((batch) => new Set(batch.map((m) => m.lane)).size === 1)).toBe(true);
  });
});
