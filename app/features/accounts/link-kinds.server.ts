// The accounts' one-time links (app/platform/data/one-time-links.server.ts): each kind keeps its own table
// and time limit (set where the link is issued), and is spent by setting used_at. Apart from the flows that
// use them so that each may void another's links (a reset voids confirmations, a password change voids resets,
// every recovery step ends pending e-mail changes) without importing the other's flow.
import { and, count, eq, gt } from "drizzle-orm";
import { schema } from "~/platform/data/db.server";
import type { Db } from "~/platform/data/db.server";
import type { SQLiteColumn, SQLiteUpdateSetSource } from "drizzle-orm/sqlite-core";
import { unspentWhere } from "~/platform/data/one-time-links.server";
import type { LinkKind } from "~/platform/data/one-time-links.server";
import type { SQL } from "drizzle-orm";

const pr = schema.passwordResets;
const ec = schema.emailConfirmations;
const ch = schema.emailChanges;
const cc = schema.emailChangeCancels;

/**
 * The shape the accounts' three link tables share: a link lasts until expires_at and is spent by setting
 * used_at. (The cast: drizzle cannot see that every table of `T` has a used_at column to set.)
 */
function expiringLink<T extends typeof pr | typeof ec | typeof ch | typeof cc>(table: T): LinkKind<T> {
  return {
    table,
    hash: table.tokenHash,
    usedAt: table.usedAt,
    fresh: (now) => gt(table.expiresAt, now),
    spend: (now) => ({ usedAt: now }) as SQLiteUpdateSetSource<T>,
  };
}

/**
 * How many links of this table the account `owner` (an id, or the users column of an outer query) was given in
 * the last hour: the hourly caps count mails sent, so spent and voided links count too.
 */
export function linksInLastHour(
  db: Db,
  table: typeof pr | typeof ec | typeof ch,
  owner: string | SQLiteColumn,
  now: number,
) {
  return db
    .select({ n: count() })
    .from(table)
    .where(and(eq(table.userId, owner), gt(table.createdAt, now - 60 * 60_000)));
}

/** A password reset's link (RESET_TOKEN_TTL_MS). */
export const RESET_LINK = expiringLink(pr);

/** A sign-up's confirmation link (CONFIRM_TOKEN_TTL_MS). */
export const CONFIRMATION_LINK = expiringLink(ec);

/** The link sent to a new e-mail address (EMAIL_CHANGE_TTL_MS). */
export const EMAIL_CHANGE_LINK = expiringLink(ch);

/** The link sent to the OLD address when a change is asked for: it ends every pending change (EMAIL_CHANGE_TTL_MS). */
export const EMAIL_CHANGE_CANCEL_LINK = expiringLink(cc);

/**
 * For the caller's batch: ends every pending e-mail change of the account (`owner`: its id, or SQL giving it),
 * so no link already mailed can move it. Asking for a new change runs it first (one pending change at a time);
 * so does every step by which an owner takes the account back (a password reset or change, signing out the
 * other sessions, turning two-factor on or off, removing a passkey), since whoever asked may be the person
 * they are shutting out (docs/accounts.md).
 */
export function endEmailChanges(db: Db, owner: string | SQL, now: number) {
  return db
    .update(ch)
    .set(EMAIL_CHANGE_LINK.spend(now))
    .where(unspentWhere(EMAIL_CHANGE_LINK, eq(ch.userId, owner)));
}
