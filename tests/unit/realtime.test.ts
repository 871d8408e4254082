import { describe, expect, it } from "vitest";
import { Coalescer } from "~/platform/realtime/coalescer";
import {
  isShardName,
  mergeEvents,
  pageShouldRefresh,
  parseProfileUpdate,
  pickShard,
  profileUpdateFor,
  REALTIME_SHARDS,
  SHARD_NAMES,
} from "~/platform/realtime/protocol";
import type { ProfileUpdateEvent } from "~/platform/realtime/protocol";

const AKL = { public: true, region: "Auckland" };
const WLG = { public: true, region: "Wellington" };
const HIDDEN = { public: false, region: "Auckland" };
const ev = (modelId: string, extra: Partial<ProfileUpdateEvent> = {}): ProfileUpdateEvent => ({
  type: "profileUpdate",
  modelId,
  at: 0,
  visible: true,
  entered: false,
  region: "Auckland",
  ...extra,
});

describe("profileUpdateFor", () => {
  it("names nothing that was hidden before and after", () => {
    expect(profileUpdateFor("a", HIDDEN, HIDDEN, 1)).toBeNull();
    expect(profileUpdateFor("a", null, HIDDEN, 1)).toBeNull();
    expect(profileUpdateFor("a", HIDDEN, null, 1)).toBeNull();
  });
  it("says when a listing enters, moves, changes in place or leaves", () => {
    expect(profileUpdateFor("a", HIDDEN, AKL, 1)).toEqual(ev("a", { at: 1, entered: true }));
    expect(profileUpdateFor("a", null, AKL, 1)).toMatchObject({ entered: true });
    expect(profileUpdateFor("a", AKL, WLG, 1)).toMatchObject({ entered: true, region: "Wellington" });
    expect(profileUpdateFor("a", AKL, AKL, 1)).toMatchObject({ visible: true, entered: false });
    expect(profileUpdateFor("a", AKL, HIDDEN, 1)).toEqual(ev("a", { at: 1, visible: false, region: null }));
    expect(profileUpdateFor("a", AKL, null, 1)).toMatchObject({ visible: false, region: null });
  });
  it("merges: the later state wins, an entry into the same region is kept", () => {
    expect(mergeEvents(ev("a", { entered: true }), ev("a", { at: 2 }))).toMatchObject({ at: 2, entered: true });
    expect(mergeEvents(ev("a", { entered: true }), ev("a", { visible: false, region: null }))).toMatchObject({
      entered: false,
    });
    expect(mergeEvents(ev("a", { entered: true, region: "Wellington" }), ev("a"))).toMatchObject({ entered: false });
  });
});

describe("pageShouldRefresh", () => {
  const page = (ids: string[], region: string | null) => ({ ids: new Set(ids), region });
  it("reloads for a listing on the page, whatever happened to it", () => {
    expect(pageShouldRefresh(ev("a", { visible: false, region: null }), page(["a"], "Auckland"))).toBe(true);
    expect(pageShouldRefresh(ev("a"), page(["a"], null))).toBe(true);
  });
  it("reloads for a listing that could enter: newly public here, or anywhere on the all-regions page", () => {
    expect(pageShouldRefresh(ev("b", { entered: true }), page(["a"], "Auckland"))).toBe(true);
    expect(pageShouldRefresh(ev("b", { entered: true }), page(["a"], null))).toBe(true);
    expect(pageShouldRefresh(ev("b", { entered: true, region: "Wellington" }), page(["a"], "Auckland"))).toBe(false);
  });
  it("ignores changes to listings elsewhere", () => {
    expect(pageShouldRefresh(ev("b"), page(["a"], "Auckland"))).toBe(false);
    expect(pageShouldRefresh(ev("b", { visible: false, region: null }), page(["a"], null))).toBe(false);
  });
});

describe("parseProfileUpdate", () => {
  it("accepts the room's messages and nothing else", () => {
    expect(parseProfileUpdate(JSON.stringify(ev("abc123")))).toEqual(ev("abc123"));
    for (const bad of [
      null,
      5,
      "",
      "{",
      "[]",
      JSON.stringify({ ...ev("a"), type: "x" }),
      JSON.stringify({ ...ev("a"), modelId: "<x>" }),
      JSON.stringify({ ...ev("a"), visible: "yes" }),
      "x".repeat(600),
    ]) {
      expect(parseProfileUpdate(bad)).toBeNull();
    }
  });
});

describe("Coalescer (fake clock)", () => {
  it("sends the first event at once, holds the rest of the window, then sends the last state", () => {
    const c = new Coalescer(3000, 20);
    expect(c.offer(ev("a", { at: 1 }), 0)).toEqual([ev("a", { at: 1 })]);
    for (let i = 2; i <= 9; i++) expect(c.offer(ev("a", { at: i }), i * 100)).toEqual([]);
    expect(c.waiting).toBe(1);
    expect(c.nextWake(900)).toBe(3000);
    expect(c.due(2999)).toEqual([]);
    expect(c.due(3000)).toEqual([ev("a", { at: 9 })]);
    expect(c.nextWake(3000)).toBeNull();
  });
  it("keeps listings apart", () => {
    const c = new Coalescer(3000, 20);
    expect(c.offer(ev("a"), 0)).toHaveLength(1);
    expect(c.offer(ev("b"), 10)).toHaveLength(1);
    expect(c.offer(ev("a"), 20)).toHaveLength(0);
  });
  it("caps the whole room per second and sends the rest as the budget frees", () => {
    const c = new Coalescer(3000, 5);
    let sent = 0;
    for (let i = 0; i < 12; i++) sent += c.offer(ev(`m${i}`), 0).length;
    expect(sent).toBe(5);
    expect(c.nextWake(10)).toBe(1000);
    expect(c.due(999)).toHaveLength(0);
    expect(c.due(1000)).toHaveLength(5);
    expect(c.due(2000)).toHaveLength(2);
    expect(c.waiting).toBe(0);
  });
});

describe("realtime shards", () => {
  it("names a fixed set of distinct shards and accepts no other name", () => {
    expect(SHARD_NAMES).toHaveLength(REALTIME_SHARDS);
    expect(new Set(SHARD_NAMES).size).toBe(REALTIME_SHARDS);
    for (const name of SHARD_NAMES) expect(isShardName(name)).toBe(true);
    for (const name of [
      "public",
      "",
      "public-",
      "public-01",
      "public-1.0",
      `public-${REALTIME_SHARDS}`,
      "Public-1",
      "public-1/x",
    ])
      expect(isShardName(name), name).toBe(false);
  });

  it("picks a shard from a random number, spreading pages evenly and never outside the set", () => {
    expect(pickShard(0)).toBe(SHARD_NAMES[0]);
    expect(pickShard(0.999999)).toBe(SHARD_NAMES[REALTIME_SHARDS - 1]);
    for (const odd of [1, -0.5, 7, NaN, Infinity, -Infinity])
      expect(isShardName(pickShard(odd)), String(odd)).toBe(true);
    const counts = new Map<string, number>();
    const n = REALTIME_SHARDS * 1000;
    for (let i = 0; i < n; i++) {
      const shard = pickShard((i + 0.5) / n);
      counts.set(shard, (counts.get(shard) ?? 0) + 1);
    }
    expect([...counts.values()]).toEqual(SHARD_NAMES.map(() => 1000));
  });
});
