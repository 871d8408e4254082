// The dashboard's two-factor reminder (second-factor/two-factor-offer.ts, decision 0056): whether it shows for an
// account, and its 'Not now'. At the top of accounts, so the dashboard reaches it.
import { eq } from "drizzle-orm";
import { getDb, schema } from "~/platform/data/db.server";
import type { DbEnv } from "~/platform/data/db.server";
import { hasTotp } from "./second-factor/totp.server";
import { DISMISS_TWO_FACTOR_INTENT, showsTwoFactorReminder } from "./second-factor/two-factor-offer";

const u = schema.users;
const pk = schema.passkeys;

export type TwoFactorReminder = { show: boolean; hasPasskey: boolean };

export async function loadTwoFactorReminder(env: DbEnv, userId: string, now = Date.now()): Promise<TwoFactorReminder> {
  const db = getDb(env);
  const [twoFactorOn, [user], [passkey]] = await Promise.all([
    hasTotp(env, userId),
    db.select({ dismissedAt: u.twoFactorReminderDismissedAt }).from(u).where(eq(u.id, userId)).limit(1),
    db.select({ id: pk.id }).from(pk).where(eq(pk.userId, userId)).limit(1),
  ]);
  return {
    show: showsTwoFactorReminder({ twoFactorOn, dismissedAt: user?.dismissedAt ?? null, now }),
    hasPasskey: passkey != null,
  };
}

/** 'Not now': the reminder rests for 30 days (REMINDER_SNOOZE_MS). */
export async function dismissTwoFactorReminder(env: DbEnv, userId: string, now = Date.now()): Promise<void> {
  await getDb(env).update(u).set({ twoFactorReminderDismissedAt: now }).where(eq(u.id, userId));
}

/** Whether a form's intent is the reminder's 'Not now'. */
export function isDismissTwoFactorIntent(intent: unknown): boolean {
  return intent === DISMISS_TWO_FACTOR_INTENT;
}
