// Secrets the app generates for itself and keeps in D1: created on first use by whichever request comes
// first (INSERT OR IGNORE makes the race harmless), the same for every request after. Never for a hash of
// anything a visitor is (an address, a browser): a key kept here travels with every copy of the database, so
// those are keyed with a Worker secret and a salt per day (app/platform/crypto/visitor-key.server.ts).
import { eq } from "drizzle-orm";
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
