// The counting marks and the likes' server-made visitor ids against a copy of the database
// (docs/decisions/0044-counting-keys-lanes-and-bytes.md): a visitor with a known address views, taps SMS and
// likes; then every value of every D1 table is tried as the key that made their hashes. None may open them.
import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it, vi } from "vitest";
import { addressKey, countDay } from "~/platform/http/client-address";
import {
  countingVisitor,
  prepareVisitorSalts,
  saltExpiry,
  serverVisitorId,
  VISITOR_SALT_PREFIX,
} from "~/platform/crypto/visitor-key.server";
import worker from "../../workers/app";
import { client, freshIp } from "./client";
import { insertListing } from "./fixtures";
import { rows } from "./public-fixtures";
import { backgroundWorkDone } from "./background";

const CHROME =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36";
const browser = { headers: { "User-Agent": CHROME } };

const base64url = (bytes: ArrayBuffer) =>
  btoa(String.fromCharCode(...new Uint8Array(bytes)))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");

async function hmac(key: Uint8Array<ArrayBuffer>, text: string): Promise<string> {
  const k = await crypto.subtle.importKey("raw", key, { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  return base64url(await crypto.subtle.sign("HMAC", k, new TextEncoder().encode(text)));
}

/** Every text and blob value of every table, as the key bytes it could be: its text, and its base64 when it is. */
async function everyValueAsKey(): Promise<Uint8Array<ArrayBuffer>[]> {
  const tables = await rows<{ name: string }>(
    "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%'",
  );
  const keys: Uint8Array<ArrayBuffer>[] = [];
  for (const { name } of tables) {
    for (const row of await rows(`SELECT * FROM "${name}"`)) {
      for (const value of Object.values(row)) {
        if (value instanceof ArrayBuffer) keys.push(new Uint8Array(value));
        else if (Array.isArray(value)) keys.push(new Uint8Array(value as number[]));
        if (typeof value !== "string" || value.length < 8) continue;
        keys.push(new TextEncoder().encode(value));
        try {
          const bin = atob(value.replace(/-/g, "+").replace(/_/g, "/"));
          keys.push(Uint8Array.from(bin, (c) => c.charCodeAt(0)));
        } catch {
          // not base64
        }
      }
    }
  }
  return keys;
}

async function untilCounted(id: string, ms = 10_000) {
  const deadline = Date.now() + ms;
  for (;;) {
    const [row] = await rows<{ views: number; contacts: number; likes: number }>(
      "SELECT views, contacts, likes FROM listing_daily WHERE listing_id = ? AND day = ?",
      id,
      countDay(Date.now()),
    );
    if (row?.views === 1 && row.contacts === 1 && row.likes === 1) return;
    if (Date.now() > deadline) expect(row).toEqual({ views: 1, contacts: 1, likes: 1 });
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe("a copy of the database", () => {
  it("holds no key that recomputes a visitor's marks or server-made like id from their address", async () => {
    const id = await insertListing();
    const ip = "198.51.100.23";
    const visitor = client({ ip });
    expect((await visitor.get(`/view/${id}`, browser)).status).toBe(200);
    expect((await visitor.put(`/api/visits/incrementContact/${id}`, undefined, browser)).status).toBe(200);
    // The bodiless like: the server makes the visitor id from the address and the browser.
    expect((await visitor.put(`/api/visits/like/${id}`, undefined, browser)).status).toBe(200);
    await untilCounted(id);

    const marks = (await rows<{ key: string }>("SELECT key FROM count_marks")).map((m) => m.key);
    // The view, the contact tap (its request-path mark and the queue's) and the like: every mark is there.
    expect(marks.length).toBeGreaterThanOrEqual(4);
    const [like] = await rows<{ visitor_id: string }>("SELECT visitor_id FROM likes WHERE listing_id = ?", id);
    expect(like.visitor_id).toMatch(/^srv-/);

    const opened: string[] = [];
    for (const key of await everyValueAsKey()) {
      const hash = await hmac(key, addressKey(ip));
      if (marks.some((m) => m.includes(hash))) opened.push(`mark opened by ${new TextDecoder().decode(key)}`);
      const likeId = `srv-${(await hmac(key, `${ip}\n${CHROME}`)).slice(0, 32)}`;
      if (likeId === like.visitor_id) opened.push(`like id opened by ${new TextDecoder().decode(key)}`);
    }
    expect(opened).toEqual([]);
    // Nor is the address itself anywhere in the database.
    const dump = JSON.stringify((await everyValueAsKey()).map((k) => new TextDecoder().decode(k)));
    expect(dump).not.toContain(ip);

    // What does open them: the Worker secret with the day's salt from KV, neither of them in D1. (So the scan
    // above would have found a key that opens them, had the database held one.)
    const now = Date.now();
    const hash = await countingVisitor(env, ip, now);
    expect(marks.filter((m) => m.includes(`:${hash}:`)).length).toBeGreaterThanOrEqual(4);
    const request = new Request("http://localhost/", { headers: { "CF-Connecting-IP": ip, "User-Agent": CHROME } });
    expect(await serverVisitorId(env, request, now)).toBe(like.visitor_id);
  });
});

describe("the day's salt", () => {
  it("is made a day ahead by the cron and kept only until the day after its day", async () => {
    const now = Date.UTC(2031, 2, 14, 12);
    await prepareVisitorSalts(env, now);
    const { keys } = await env.PROFILES.list({ prefix: `${VISITOR_SALT_PREFIX}2031-` });
    expect(keys.map((k) => [k.name, k.expiration])).toEqual([
      [`${VISITOR_SALT_PREFIX}2031-03-14`, Date.UTC(2031, 2, 16) / 1000],
      [`${VISITOR_SALT_PREFIX}2031-03-15`, Date.UTC(2031, 2, 17) / 1000],
    ]);
    expect(saltExpiry("2031-03-14")).toBe(Date.UTC(2031, 2, 16) / 1000);
    // A second run keeps them: every isolate must read the same salt all day.
    const before = await env.PROFILES.get(`${VISITOR_SALT_PREFIX}2031-03-15`);
    await prepareVisitorSalts(env, now + 1_800_000);
    expect(await env.PROFILES.get(`${VISITOR_SALT_PREFIX}2031-03-15`)).toBe(before);
  });

  it("makes one visitor another hash each day, and another from another /64", async () => {
    const now = Date.now();
    const today = await countingVisitor(env, "2001:db8:1:2::1", now);
    expect(await countingVisitor(env, "2001:db8:1:2::ffff", now)).toBe(today);
    expect(await countingVisitor(env, "2001:db8:1:3::1", now)).not.toBe(today);
    expect(await countingVisitor(env, "2001:db8:1:2::1", now + 86_400_000)).not.toBe(today);
  });
});

describe("without VISITOR_KEY", () => {
  it("likes and contact taps answer 503 and store nothing; a view counts nothing", async () => {
    const id = await insertListing();
    const { VISITOR_KEY: _, ...withoutKey } = env as Env & { VISITOR_KEY?: string };
    // The log's line (once per isolate) is unit-tested; here it is kept out of the test's output.
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    const send = async (path: string, init: RequestInit) => {
      const ctx = createExecutionContext();
      const headers = { "User-Agent": CHROME, "CF-Connecting-IP": freshIp(), Cookie: "age_verified=1" };
      const res = await worker.fetch!(
        new Request(`http://localhost${path}`, { ...init, headers: { ...headers, ...init.headers } }) as Request<
          unknown,
          IncomingRequestCfProperties
        >,
        withoutKey as Env,
        ctx,
      );
      await waitOnExecutionContext(ctx);
      return res;
    };
    try {
      for (const [path, init] of [
        [`/api/visits/incrementContact/${id}`, { method: "PUT" }],
        [`/api/visits/like/${id}`, { method: "PUT" }],
        [`/api/profiles/${id}/like`, { method: "POST", body: JSON.stringify({ fingerprint: "visitor_nokey01" }) }],
      ] as const) {
        const res = await send(path, init);
        expect(res.status).toBe(503);
        expect(await res.json()).toEqual({ success: false, error: expect.stringMatching(/not available/) });
      }
      const form = await send(`/likes/${id}`, { method: "POST" });
      expect(form.status).toBe(503);
      expect((await send(`/view/${id}`, { method: "GET" })).status).toBe(200);
      await backgroundWorkDone();
      expect(await rows("SELECT * FROM likes")).toEqual([]);
      expect(await rows("SELECT * FROM count_marks")).toEqual([]);
      expect(await rows("SELECT * FROM listing_stats")).toEqual([]);
      expect(await rows("SELECT * FROM listing_daily")).toEqual([]);
    } finally {
      errors.mockRestore();
    }
  });
});
