// The dashboard's two-factor reminder (second-factor/two-factor-offer.ts, decision 0056): whether it shows for an
// account, and its 'Not now'. At the top of accounts, so the dashboard reaches it.
import { eq, sql } from "drizzle-orm";
import type { Placeholder, SQL } from "drizzle-orm";
import { getDb, schema } from "~/platform/data/db.server";
import type { DbEnv } from "~/platform/data/db.server";
import { DISMISS_TWO_FACTOR_INTENT, showsTwoFactorReminder } from "./second-factor/two-factor-offer";

const u = schema.users;
const pk = schema.passkeys;
const tf = schema.totpFactors;

export type TwoFactorReminder = { show: boolean; hasPasskey: boolean };

/**
 * The reminder's columns of the owner's users row: `owner` a user id or a subquery naming one, so the dashboard
 * reads them in the session lookup's batch (decision 0061), in its one select of that row.
 */
export function twoFactorReminderColumns(owner: SQL | Placeholder | string) {
  return {
    dismissedAt: u.twoFactorReminderDismissedAt,
    // The same test as hasTotp: a secret confirmed by a first code.
    twoFactorOn: sql<number>`exists (select 1 from ${tf} where ${tf.userId} = ${owner} and ${tf.secret} is not null and ${tf.enabledAt} is not null)`,
    hasPasskey: sql<number>`exists (select 1 from ${pk} where ${pk.userId} = ${owner})`,
  };
}

export function toTwoFactorReminder(
  [row]: { dismissedAt: number | null; twoFactorOn: number; hasPasskey: number }[],
  now: number,
): TwoFactorReminder {
  return {
    show: showsTwoFactorReminder({ twoFactorOn: !!row?.twoFactorOn, dismissedAt: row?.dismissedAt ?? null, now }),
    hasPasskey: !!row?.hasPasskey,
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
