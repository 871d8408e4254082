// Two-factor sign-in with an authenticator app, in D1: the sealed TOTP secret (app/platform/crypto/sealing-key.server.ts),
// the replay guard, the recovery codes (SHA-256 only) and set-up, replacement and turning off. The rules for
// codes are in app/features/accounts/second-factor/totp.ts; who may make these changes is the route's business (confirmIdentity).
import { and, count, eq, isNull, lt, sql } from "drizzle-orm";
import { checkTotp, newRecoveryCodes, newTotpSecret, normaliseRecoveryCode, totpUri } from "./totp";
import type { TotpCheck } from "./totp";
import { getDb, schema } from "~/platform/data/db.server";
import { securityEventStatement } from "../security-log.server";
import type { RequestMeta } from "../security-log.server";
import { endEmailChanges } from "../link-kinds.server";
import { sha256Hex } from "~/platform/http/token-cookie.server";
import { openSecret, sealSecret } from "~/platform/crypto/sealing-key.server";
import type { KeyEnv } from "~/platform/crypto/sealing-key.server";
import type { DbEnv } from "~/platform/data/db.server";

const tf = schema.totpFactors;
const rc = schema.recoveryCodes;

type TwoFactorEnv = DbEnv & KeyEnv;

/** A set-up left unfinished this long starts again with a new secret. */
export const PENDING_SET_UP_MS = 30 * 60_000;

export type TotpStatus = {
  enabled: boolean;
  enabledAt: number | null;
  /** A set-up (or replacement) is under way: the page shows its QR code. */
  pending: boolean;
  recoveryCodesLeft: number;
};

export async function totpStatus(env: DbEnv, userId: string, now = Date.now()): Promise<TotpStatus> {
  const db = getDb(env);
  const [[row], [left]] = await db.batch([
    db
      .select({ secret: tf.secret, enabledAt: tf.enabledAt, pendingSecret: tf.pendingSecret, pendingAt: tf.pendingAt })
      .from(tf)
      .where(eq(tf.userId, userId))
      .limit(1),
    db
      .select({ n: count() })
      .from(rc)
      .where(and(eq(rc.userId, userId), isNull(rc.usedAt))),
  ]);
  const enabled = Boolean(row?.secret && row.enabledAt != null);
  return {
    enabled,
    enabledAt: enabled ? (row?.enabledAt ?? null) : null,
    pending: Boolean(row?.pendingSecret && row.pendingAt != null && now - row.pendingAt < PENDING_SET_UP_MS),
    recoveryCodesLeft: enabled ? (left?.n ?? 0) : 0,
  };
}

/** True when the account signs in with an authenticator app (see factors.server.ts). */
export async function hasTotp(env: DbEnv, userId: string): Promise<boolean> {
  const [row] = await getDb(env)
    .select({ userId: tf.userId })
    .from(tf)
    .where(and(eq(tf.userId, userId), sql`${tf.secret} IS NOT NULL`, sql`${tf.enabledAt} IS NOT NULL`))
    .limit(1);
  return Boolean(row);
}

export type PendingSetUp = { secret: string; uri: string };

/**
 * The secret being set up, made now unless a recent one exists: reloading the page must not change a QR
 * code the owner may already have scanned. Nothing about the active secret changes until confirmTotpSetUp.
 */
export async function pendingSetUp(
  env: TwoFactorEnv,
  user: { id: string; email: string },
  issuer: string,
  { create, sessionId, now = Date.now() }: { create: boolean; sessionId: string; now?: number },
): Promise<PendingSetUp | null> {
  const db = getDb(env);
  const [row] = await db
    .select({ pendingSecret: tf.pendingSecret, pendingAt: tf.pendingAt, pendingSession: tf.pendingSession })
    .from(tf)
    .where(eq(tf.userId, user.id))
    .limit(1);
  let secret: string | null = null;
  // Only the session that started the set-up sees its secret; another session starting one replaces it.
  if (
    row?.pendingSecret &&
    row.pendingSession === sessionId &&
    row.pendingAt != null &&
    now - row.pendingAt < PENDING_SET_UP_MS
  ) {
    secret = await openSecret(env, user.id, row.pendingSecret);
  } else if (create) {
    secret = newTotpSecret();
    const sealed = await sealSecret(env, user.id, secret);
    const pending = { pendingSecret: sealed, pendingAt: now, pendingSession: sessionId };
    await db
      .insert(tf)
      .values({ userId: user.id, ...pending })
      .onConflictDoUpdate({ target: tf.userId, set: pending });
  }
  return secret ? { secret, uri: totpUri(secret, user.email, issuer) } : null;
}

export async function cancelSetUp(env: DbEnv, userId: string): Promise<void> {
  await getDb(env).update(tf).set({ pendingSecret: null, pendingAt: null }).where(eq(tf.userId, userId));
}

export type ConfirmResult =
  | { ok: true; replaced: boolean; recoveryCodes: string[] | null }
  | { ok: false; reason: "no-pending" | Extract<TotpCheck, { ok: false }>["reason"] };

/**
 * Turns the pending secret on once `code` from the new app matches it. A first set-up also makes ten
 * recovery codes (answered once, stored hashed); a replacement keeps the codes the owner already has.
 */
export async function confirmTotpSetUp(
  env: TwoFactorEnv,
  userId: string,
  code: unknown,
  meta: RequestMeta,
  sessionId: string,
  now = Date.now(),
): Promise<ConfirmResult> {
  const db = getDb(env);
  const [row] = await db.select().from(tf).where(eq(tf.userId, userId)).limit(1);
  if (
    !row?.pendingSecret ||
    row.pendingSession !== sessionId ||
    row.pendingAt == null ||
    now - row.pendingAt >= PENDING_SET_UP_MS
  )
    return { ok: false, reason: "no-pending" };
  const secret = await openSecret(env, userId, row.pendingSecret);
  // A new secret has no codes used yet.
  const check = checkTotp(secret, code, now, 0);
  if (!check.ok) return check;
  const replaced = Boolean(row.secret && row.enabledAt != null);
  const codes = replaced ? null : newRecoveryCodes();
  const promote = db
    .update(tf)
    .set({
      secret: row.pendingSecret,
      enabledAt: replaced ? row.enabledAt : now,
      lastStep: check.step,
      pendingSecret: null,
      pendingAt: null,
    })
    // Only the secret that was checked: a set-up restarted in another tab meanwhile is not switched on.
    .where(and(eq(tf.userId, userId), eq(tf.pendingSecret, row.pendingSecret)));
  // The switch first, alone: a set-up confirmed in another tab meanwhile makes this one change nothing.
  if ((await promote).meta.changes !== 1) return { ok: false, reason: "no-pending" };
  const event = securityEventStatement(db, userId, replaced ? "two_factor_replaced" : "two_factor_enabled", meta, now);
  // Should this second batch fail, the account is protected with no recovery codes: the page says "0 left"
  // and offers new ones, which is the safe side to fail on.
  if (codes) {
    await db.batch([
      db.delete(rc).where(eq(rc.userId, userId)),
      db.insert(rc).values(await recoveryCodeRows(userId, codes, now)),
      event,
    ]);
  } else {
    await event;
  }
  return { ok: true, replaced, recoveryCodes: codes };
}

/** The codes' rows: hashes of their normalised form, as typed codes are normalised before hashing. */
function recoveryCodeRows(userId: string, codes: readonly string[], now: number) {
  return Promise.all(
    codes.map(async (code) => ({
      userId,
      codeHash: await sha256Hex(normaliseRecoveryCode(code) ?? code),
      createdAt: now,
    })),
  );
}

/**
 * Checks a code from the account's app and spends its step: the conditional UPDATE lets only one request
 * use a step, so two sign-ins racing with the same code cannot both pass.
 */
export async function verifyTotp(
  env: TwoFactorEnv,
  userId: string,
  code: unknown,
  now = Date.now(),
): Promise<TotpCheck> {
  const db = getDb(env);
  const [row] = await db
    .select({ secret: tf.secret, enabledAt: tf.enabledAt, lastStep: tf.lastStep })
    .from(tf)
    .where(eq(tf.userId, userId))
    .limit(1);
  if (!row?.secret || row.enabledAt == null) return { ok: false, reason: "wrong" };
  const check = checkTotp(await openSecret(env, userId, row.secret), code, now, row.lastStep);
  if (!check.ok) return check;
  const spent = await db
    .update(tf)
    .set({ lastStep: check.step })
    .where(and(eq(tf.userId, userId), lt(tf.lastStep, check.step)));
  return spent.meta.changes === 1 ? check : { ok: false, reason: "replayed" };
}

/**
 * Turns two-factor off: the secret and every recovery code go, in one batch with the log entry, and so do the
 * account's pending e-mail changes (docs/accounts.md: each step of taking an account back ends them).
 */
export async function disableTotp(env: DbEnv, userId: string, meta: RequestMeta, now = Date.now()) {
  const db = getDb(env);
  await db.batch([
    db.delete(tf).where(eq(tf.userId, userId)),
    db.delete(rc).where(eq(rc.userId, userId)),
    endEmailChanges(db, userId, now),
    securityEventStatement(db, userId, "two_factor_disabled", meta, now),
  ]);
}

/** Ten new recovery codes in place of the old ones (all of which stop working); answered once. */
export async function regenerateRecoveryCodes(
  env: DbEnv,
  userId: string,
  meta: RequestMeta,
  now = Date.now(),
): Promise<string[]> {
  const db = getDb(env);
  const codes = newRecoveryCodes();
  await db.batch([
    db.delete(rc).where(eq(rc.userId, userId)),
    db.insert(rc).values(await recoveryCodeRows(userId, codes, now)),
    securityEventStatement(db, userId, "recovery_codes_regenerated", meta, now),
  ]);
  return codes;
}

/** Spends one recovery code; answers how many are left, or null when it is not one of the unused codes. */
export async function spendRecoveryCode(
  env: DbEnv,
  userId: string,
  input: unknown,
  now = Date.now(),
): Promise<{ left: number } | null> {
  const code = normaliseRecoveryCode(input);
  if (!code) return null;
  const db = getDb(env);
  const [spent, [left]] = await db.batch([
    db
      .update(rc)
      .set({ usedAt: now })
      .where(and(eq(rc.userId, userId), eq(rc.codeHash, await sha256Hex(code)), isNull(rc.usedAt))),
    db
      .select({ n: count() })
      .from(rc)
      .where(and(eq(rc.userId, userId), isNull(rc.usedAt))),
  ]);
  return spent.meta.changes === 1 ? { left: left?.n ?? 0 } : null;
}
