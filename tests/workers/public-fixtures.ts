// Fixtures for the public API tests: child rows of a listing, sessions without going through the login
// form, JSON requests from a given client address, and a poll for waitUntil work.
import { env } from "cloudflare:test";
import { newId, newToken } from "~/lib/ids";
import { sessionCookieName, sha256Hex } from "~/lib/auth-session";
import { fetchSelf } from "./fixtures";

export async function insertImages(listingId: string, positions: number[]) {
  const ids: string[] = [];
  for (const [i, position] of positions.entries()) {
    const id = newId();
    ids.push(id);
    await env.DB.prepare(
      "INSERT INTO listing_images (id, listing_id, r2_key, position, width, height, created_at) VALUES (?, ?, ?, ?, 600, 800, ?)",
    )
      .bind(id, listingId, `listing/${newId(24)}.webp`, position, 1000 + i)
      .run();
  }
  return ids;
}

export async function insertRate(
  listingId: string,
  callType: "incall" | "outcall",
  duration: string,
  priceCents: number,
) {
  await env.DB.prepare("INSERT INTO listing_rates (id, listing_id, call_type, duration, price) VALUES (?, ?, ?, ?, ?)")
    .bind(newId(), listingId, callType, duration, priceCents)
    .run();
}

export async function insertSpecialRate(
  listingId: string,
  serviceName: string,
  duration: string,
  rateCents: number,
  position = 0,
) {
  await env.DB.prepare(
    "INSERT INTO listing_special_rates (id, listing_id, service_name, duration, rate, description, position) VALUES (?, ?, ?, ?, ?, 'Ask me', ?)",
  )
    .bind(newId(), listingId, serviceName, duration, rateCents, position)
    .run();
}

/** A signed-in session for `userId`, as the Cookie header value a browser would send. */
export async function sessionCookie(userId: string): Promise<string> {
  const token = newToken();
  const now = Date.now();
  await env.DB.prepare(
    "INSERT INTO sessions (id, user_id, created_at, last_seen_at, expires_at) VALUES (?, ?, ?, ?, ?)",
  )
    .bind(await sha256Hex(token), userId, now, now, now + 86_400_000)
    .run();
  return `age_verified=1; ${sessionCookieName(false)}=${token}`;
}

let ipCounter = 0;
/** A fresh client address, so rate limits only trip where a test wants them to. */
export function freshIp(): string {
  ipCounter++;
  return `10.77.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
}

export function send(
  method: string,
  path: string,
  opts: { body?: unknown; ip?: string; cookie?: string; headers?: Record<string, string> } = {},
) {
  const headers = new Headers({ "CF-Connecting-IP": opts.ip ?? freshIp(), ...opts.headers });
  if (opts.cookie) headers.set("Cookie", opts.cookie);
  let body: string | undefined;
  if (opts.body !== undefined) {
    body = typeof opts.body === "string" ? opts.body : JSON.stringify(opts.body);
    if (!headers.has("Content-Type")) headers.set("Content-Type", "application/json");
  }
  return fetchSelf(path, { method, headers, body, redirect: "manual" });
}

export async function rows<T = Record<string, unknown>>(sql: string, ...binds: unknown[]): Promise<T[]> {
  return (
    await env.DB.prepare(sql)
      .bind(...binds)
      .all<T>()
  ).results;
}

/** Polls until `check` passes: KV writes and broadcasts run in waitUntil, after the answer. */
export async function eventually<T>(check: () => Promise<T | null | undefined | false>, timeoutMs = 3000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await new Promise((r) => setTimeout(r, 20));
  }
}

export const VISITOR = "visitor_abcdef123";

export function settleBackgroundWork(ms = 150) {
  return new Promise((r) => setTimeout(r, ms));
}
