// Secrets the app generates for itself and keeps in D1: created on first use by whichever request comes
// first (INSERT OR IGNORE makes the race harmless), the same for every request after.
import { eq } from "drizzle-orm";
import { addressKey } from "~/platform/http/client-address";
import { newToken } from "./ids";
import { getDb, schema } from "./db.server";
import type { DbEnv } from "~/platform/data/db.server";

const s = schema.siteSecrets;

export async function siteSecret(env: DbEnv, name: string, now = Date.now()): Promise<string> {
  const db = getDb(env);
  const [, rows] = await db.batch([
    db
      .insert(s)
      .values({ name, value: newToken(32), createdAt: now })
      .onConflictDoNothing(),
    db.select({ value: s.value }).from(s).where(eq(s.name, name)),
  ]);
  const value = rows[0]?.value;
  if (!value) throw new Error(`site secret ${name} could not be read`);
  return value;
}

/** A keyed hash (HMAC-SHA-256, base64url): stable for one input, meaningless without the key. */
export async function keyedHash(key: string, input: string): Promise<string> {
  const cryptoKey = await crypto.subtle.importKey(
    "raw",
    new TextEncoder().encode(key),
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["sign"],
  );
  const mac = new Uint8Array(await crypto.subtle.sign("HMAC", cryptoKey, new TextEncoder().encode(input)));
  let bin = "";
  for (const b of mac) bin += String.fromCharCode(b);
  return btoa(bin).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/**
 * The visitor id for a like sent with no fingerprint (the spec's bodiless PUT /api/visits/like/{id}): the
 * client address and browser, keyed so the likes table never holds anything an address can be read back
 * from. The 'srv-' prefix keeps these apart from browser-made ids.
 */
export async function anonymousVisitorId(env: DbEnv, request: Request): Promise<string> {
  const key = await siteSecret(env, "visitor-id");
  const ip = request.headers.get("CF-Connecting-IP") ?? "unknown";
  const agent = (request.headers.get("User-Agent") ?? "").slice(0, 512);
  return `srv-${(await keyedHash(key, `${ip}\n${agent}`)).slice(0, 32)}`;
}

/**
 * One visitor for counting views, likes and contacts (once per listing per day): the client address, by its
 * /64 for IPv6, as a keyed hash. Browser ids are free to make up; addresses are not.
 */
export async function countingVisitor(env: DbEnv, request: Request): Promise<string> {
  return keyedHash(await siteSecret(env, "count-visitor"), addressKey(request.headers.get("CF-Connecting-IP")));
}
