// The keys of visitors' hashes (docs/decisions/0044-counting-keys-lanes-and-bytes.md): a Worker secret and a
// salt per day in KV, no default, one clear line in the log without the secret.
import { describe, expect, it, vi } from "vitest";
import {
  countingVisitor,
  hasVisitorKey,
  reportVisitorKeyError,
  saltExpiry,
  serverVisitorId,
  VISITOR_SALT_PREFIX,
  VisitorKeyError,
} from "~/platform/crypto/visitor-key.server";

const KEY = Buffer.alloc(32, 3).toString("base64");
const OTHER_KEY = Buffer.alloc(32, 4).toString("base64");
const NOW = Date.UTC(2031, 5, 1, 9);

/** KV as a Map that remembers how each key was put. */
function fakeKv() {
  const store = new Map<string, { value: string; expiration?: number }>();
  const kv = {
    get: async (k: string) => store.get(k)?.value ?? null,
    put: async (k: string, value: string, o: { expiration?: number } = {}) => void store.set(k, { value, ...o }),
  } as unknown as KVNamespace;
  return { kv, store };
}

describe("VISITOR_KEY", () => {
  it("must be 32 bytes in base64; there is no default", async () => {
    expect(hasVisitorKey({ VISITOR_KEY: KEY })).toBe(true);
    expect(hasVisitorKey({})).toBe(false);
    expect(hasVisitorKey({ VISITOR_KEY: "" })).toBe(false);
    expect(hasVisitorKey({ VISITOR_KEY: Buffer.alloc(16).toString("base64") })).toBe(false);
    await expect(countingVisitor({ PROFILES: fakeKv().kv }, "203.0.113.9", NOW)).rejects.toThrow(VisitorKeyError);
    await expect(countingVisitor({ PROFILES: fakeKv().kv }, "203.0.113.9", NOW)).rejects.toThrow(/VISITOR_KEY/);
  });

  it("missing, says so in one clear line, once", () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      reportVisitorKeyError(new VisitorKeyError("VISITOR_KEY is not set"));
      reportVisitorKeyError(new VisitorKeyError("VISITOR_KEY is not set"));
      expect(errors).toHaveBeenCalledTimes(1);
      expect(errors.mock.calls[0][0]).toMatch(
        /^VISITOR_KEY is not set: .* not counted .* wrangler secret put VISITOR_KEY/,
      );
    } finally {
      errors.mockRestore();
    }
  });
});

describe("a day's keys", () => {
  it("make the day's salt when there is none, to be forgotten two days on", async () => {
    const { kv, store } = fakeKv();
    await countingVisitor({ PROFILES: kv, VISITOR_KEY: KEY } as never, "203.0.113.9", NOW);
    const salt = store.get(`${VISITOR_SALT_PREFIX}2031-06-01`);
    expect(salt?.value).toMatch(/^[A-Za-z0-9+/]{43}=$/);
    expect(salt?.expiration).toBe(Date.UTC(2031, 5, 3) / 1000);
    expect(saltExpiry("2031-06-01")).toBe(Date.UTC(2031, 5, 3) / 1000);
  });

  it("need both the secret and the salt: another of either is another hash", async () => {
    // A day no other test uses: this module keeps a day's keys for a few minutes.
    const DAY = NOW + 100 * 86_400_000;
    const a = fakeKv();
    const b = fakeKv();
    const env = (kv: KVNamespace, key: string) => ({ PROFILES: kv, VISITOR_KEY: key }) as never;
    const hash = await countingVisitor(env(a.kv, KEY), "203.0.113.9", DAY);
    expect(await countingVisitor(env(a.kv, KEY), "203.0.113.9", DAY)).toBe(hash);
    expect(await countingVisitor(env(a.kv, OTHER_KEY), "203.0.113.9", DAY)).not.toBe(hash);
    // Another salt for the same day (read again once an isolate's few minutes are up): another hash.
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      vi.setSystemTime(Date.now() + 6 * 60_000);
      expect(await countingVisitor(env(b.kv, KEY), "203.0.113.9", DAY)).not.toBe(hash);
      vi.setSystemTime(Date.now() + 6 * 60_000);
      expect(await countingVisitor(env(a.kv, KEY), "203.0.113.9", DAY)).toBe(hash);
    } finally {
      vi.useRealTimers();
    }
    expect(hash).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it("give a like without a fingerprint an id of its own, not the counting hash", async () => {
    const { kv } = fakeKv();
    const env = { PROFILES: kv, VISITOR_KEY: KEY } as never;
    const request = new Request("http://x/", { headers: { "CF-Connecting-IP": "203.0.113.9", "User-Agent": "UA" } });
    const id = await serverVisitorId(env, request, NOW);
    expect(id).toMatch(/^srv-[A-Za-z0-9_-]{32}$/);
    expect(await serverVisitorId(env, request, NOW)).toBe(id);
    expect(id.slice(4)).not.toBe((await countingVisitor(env, "203.0.113.9", NOW)).slice(0, 32));
  });
});
