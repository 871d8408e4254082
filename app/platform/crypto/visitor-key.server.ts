// The keys of visitors' hashes: the counting marks' visitor (views, contact taps, likes, impressions: once per
// visitor a day) and the visitor id a like gets when the browser sends none. Each NZ day (countDay) has keys of
// its own, derived with HKDF from two things, neither of them in D1 (docs/decisions/0044-counting-keys-lanes-and-bytes.md):
// - VISITOR_KEY, a Worker secret (32 random bytes in base64; `wrangler secret put VISITOR_KEY`, .dev.vars
//   locally, written by scripts/dev-vars.mjs), so a copy of the database alone opens nothing;
// - the day's salt, 32 random bytes kept in KV under an expiry two days on, after which nobody, us included,
//   can make that day's keys again, so an old backup opens nothing even with the secret.
// The marks a day's keys make live two days too (count_marks, swept by the cron), so nothing outlives its key
// but the likes' ids, which then say nothing about anyone. The cron makes each day's salt a day ahead
// (prepareVisitorSalts), so every isolate reads the same one; a request that finds none makes it (a first
// deploy), and re-reads after a few minutes in case another isolate made one at the same moment.
// Without VISITOR_KEY nothing is hashed: the views and beacons count nothing and say so in the log, and the
// like and contact routes answer 503 (there is no default key, in production as anywhere).
import { countDay, addressKey } from "~/platform/http/client-address";
import { fromBase64, readWorkerSecret, toBase64Url, workerKeyBytes } from "./worker-key.server";

export const VISITOR_KEY_NAME = "VISITOR_KEY";
/** KV keys of the day salts: `visitor-salt:2026-11-23`. */
export const VISITOR_SALT_PREFIX = "visitor-salt:";
const DAY_MS = 86_400_000;
/** How long an isolate keeps a day's keys before reading the salt again. */
const REREAD_MS = 5 * 60_000;

export class VisitorKeyError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "VisitorKeyError";
  }
}

const fail = (message: string) => new VisitorKeyError(message);

export type VisitorKeyEnv = { PROFILES: KVNamespace };

function secretBytes(env: object): Uint8Array<ArrayBuffer> {
  return workerKeyBytes(readWorkerSecret(env, [VISITOR_KEY_NAME]), VISITOR_KEY_NAME, fail);
}

/** True when the Worker has a usable VISITOR_KEY; without it nothing is counted and likes answer 503. */
export function hasVisitorKey(env: object): boolean {
  try {
    secretBytes(env);
    return true;
  } catch {
    return false;
  }
}

let saidMissing = false;
/** The one clear line in the log when the secret is missing or broken (once per isolate). */
export function reportVisitorKeyError(error: unknown): void {
  if (error instanceof VisitorKeyError) {
    if (saidMissing) return;
    saidMissing = true;
    console.error(
      `${error.message}: views, contact taps, likes and impressions are not counted and likes answer 503 ` +
        "until it is set (openssl rand -base64 32 | npx wrangler secret put VISITOR_KEY)",
    );
  } else console.error("visitor key: could not read the day's salt", error);
}

/**
 * When a day's salt expires, in seconds, as KV takes it: UTC midnight two dates on, which is 11 to 13 hours
 * into the NZ day after the next, so a salt outlives its NZ day by more than a day.
 */
export function saltExpiry(day: string): number {
  return (Date.parse(`${day}T00:00:00Z`) + 2 * DAY_MS) / 1000;
}

function newSalt(): string {
  let s = "";
  for (const b of crypto.getRandomValues(new Uint8Array(32))) s += String.fromCharCode(b);
  return btoa(s);
}

/** The day's salt from KV, made and stored when it is not there yet. */
async function daySalt(env: VisitorKeyEnv, day: string): Promise<string> {
  const key = `${VISITOR_SALT_PREFIX}${day}`;
  const stored = await env.PROFILES.get(key);
  if (stored) return stored;
  const salt = newSalt();
  await env.PROFILES.put(key, salt, { expiration: saltExpiry(day) });
  return salt;
}

/** The cron's part: today's and tomorrow's salts exist, well before any isolate needs tomorrow's. */
export async function prepareVisitorSalts(env: VisitorKeyEnv, now: number): Promise<void> {
  await daySalt(env, countDay(now));
  await daySalt(env, countDay(now + DAY_MS));
}

type DayKeys = { counting: CryptoKey; likes: CryptoKey };
// Settled keys only, never a pending promise (a promise another request's I/O settles is not this request's
// to await); only today's and yesterday's are kept, so an isolate forgets a day's keys with the day.
const cache = new Map<string, { secret: string; keys: DayKeys; readAt: number }>();

async function deriveKeys(
  secret: Uint8Array<ArrayBuffer>,
  salt: Uint8Array<ArrayBuffer>,
  day: string,
): Promise<DayKeys> {
  const base = await crypto.subtle.importKey("raw", secret, "HKDF", false, ["deriveKey"]);
  const derive = (use: string) =>
    crypto.subtle.deriveKey(
      { name: "HKDF", hash: "SHA-256", salt, info: new TextEncoder().encode(`${use} ${day}`) },
      base,
      { name: "HMAC", hash: "SHA-256", length: 256 },
      false,
      ["sign"],
    );
  return { counting: await derive("counting visitor v2"), likes: await derive("like visitor id v2") };
}

async function keysFor(env: VisitorKeyEnv, now: number): Promise<DayKeys> {
  const secret = secretBytes(env);
  const secretText = readWorkerSecret(env, [VISITOR_KEY_NAME])!.value;
  const day = countDay(now);
  const hit = cache.get(day);
  if (hit && hit.secret === secretText && Date.now() - hit.readAt < REREAD_MS) return hit.keys;
  const keys = await deriveKeys(secret, fromBase64(await daySalt(env, day)), day);
  for (const kept of cache.keys()) if (kept < countDay(now - DAY_MS)) cache.delete(kept);
  cache.set(day, { secret: secretText, keys, readAt: Date.now() });
  return keys;
}

async function sign(key: CryptoKey, text: string): Promise<string> {
  return toBase64Url(new Uint8Array(await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(text))));
}

/**
 * One visitor for counting (once per listing per day): the client address, an IPv6 one by its /64, under the
 * day's counting key. The same visitor is another hash the next day.
 */
export async function countingVisitor(env: VisitorKeyEnv, ip: string | null, now: number): Promise<string> {
  return sign((await keysFor(env, now)).counting, addressKey(ip));
}

/**
 * The visitor id for a like sent with no fingerprint (the spec's bodiless PUT /api/visits/like/{id}, the heart's
 * plain form): the client address and browser under the day's likes key. The 'srv-' prefix keeps these apart
 * from browser-made ids. A day later the same browser is another id: its like stays, as anyone's does.
 */
export async function serverVisitorId(env: VisitorKeyEnv, request: Request, now: number): Promise<string> {
  const ip = request.headers.get("CF-Connecting-IP") ?? "unknown";
  const agent = (request.headers.get("User-Agent") ?? "").slice(0, 512);
  return `srv-${(await sign((await keysFor(env, now)).likes, `${ip}\n${agent}`)).slice(0, 32)}`;
}
