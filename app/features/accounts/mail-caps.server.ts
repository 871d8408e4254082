// Caps on e-mails a stranger can make us send to someone (the 'someone tried to sign up with your address'
// notice): one per recipient per interval. Keyed by a keyed hash of the address, so the table cannot be
// read back into a list of addresses.
import { lte } from "drizzle-orm";
import { getDb, schema } from "~/platform/data/db.server";
import { keyedHash, siteSecret } from "~/platform/data/site-secrets.server";
import type { DbEnv } from "~/platform/data/db.server";

export const SIGNUP_ATTEMPT_MAIL_INTERVAL_MS = 24 * 3600 * 1000;

const c = schema.mailCaps;

/** True when this kind of mail may go to `address` now (and records that it did), false while capped. */
export async function claimMailSlot(
  env: DbEnv,
  kind: string,
  address: string,
  intervalMs: number,
  now = Date.now(),
): Promise<boolean> {
  const key = `${kind}:${await keyedHash(await siteSecret(env, "mail-caps"), address.trim().toLowerCase())}`;
  // One statement: insert, or move an expired slot on; a slot still within its interval returns nothing.
  const rows = await getDb(env)
    .insert(c)
    .values({ key, sentAt: now })
    .onConflictDoUpdate({ target: c.key, set: { sentAt: now }, setWhere: lte(c.sentAt, now - intervalMs) })
    .returning({ key: c.key });
  return rows.length > 0;
}

/** Slots whose interval is over say nothing any more (the cron removes them). */
export async function sweepMailCaps(
  env: DbEnv,
  now: number,
  maxIntervalMs = SIGNUP_ATTEMPT_MAIL_INTERVAL_MS,
): Promise<number> {
  const gone = await getDb(env)
    .delete(c)
    .where(lte(c.sentAt, now - maxIntervalMs))
    .returning({ key: c.key });
  return gone.length;
}
