// The accounts' one-time links (app/platform/data/one-time-links.server.ts): each kind keeps its own table
// and time limit (set where the link is issued), and is spent by setting used_at. Apart from the flows that
// use them so that each may void another's links (a reset voids confirmations, a password change voids resets)
// without importing the other's flow.
import { and, count, eq, gt } from "drizzle-orm";
import { schema } from "~/platform/data/db.server";
import type { Db } from "~/platform/data/db.server";
import type { SQLiteColumn, SQLiteUpdateSetSource } from "drizzle-orm/sqlite-core";
import type { LinkKind } from "~/platform/data/one-time-links.server";

const pr = schema.passwordResets;
const ec = schema.emailConfirmations;
const ch = schema.emailChanges;

/**
 * The shape the accounts' three link tables share: a link lasts until expires_at and is spent by setting
 * used_at. (The cast: drizzle cannot see that every table of `T` has a used_at column to set.)
 */
function expiringLink<T extends typeof pr | typeof ec | typeof ch>(table: T): LinkKind<T> {
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
