// One-time links (docs/decisions/0036-one-time-link-service.md): a random token mailed or handed out once,
// only its SHA-256 stored, usable until it expires and then never again. Every kind (password reset, e-mail
// change, sign-up confirmation, the stale-listing check, the data-export download) keeps its own table and
// time limit; this module is the one place that issues, peeks at and spends them, so "unused and unexpired"
// is written once. A spend is a single conditional UPDATE (or a statement in the caller's db.batch): D1 runs
// each statement atomically, so of two requests with the same link exactly one wins.
import { and, eq, isNull, sql } from "drizzle-orm";
import type { SQL } from "drizzle-orm";
import type { SQLiteColumn, SQLiteTable, SQLiteUpdateSetSource } from "drizzle-orm/sqlite-core";
import type { Db } from "./db.server";
import { newToken } from "./ids";
import { isTokenShape, sha256Hex } from "../http/token-cookie.server";

/** Where a kind keeps its links and what spends one. */
export type LinkKind<T extends SQLiteTable = SQLiteTable> = {
  table: T;
  /** The column holding the token's SHA-256. */
  hash: SQLiteColumn;
  /** Set when the link is spent; null for a kind whose spend clears `hash` (a spent link is then unknown). */
  usedAt: SQLiteColumn | null;
  /** True (in SQL) while the link's time lasts. */
  fresh: (now: number) => SQL;
  /** The columns a spend writes (at least the one that makes the link unusable). */
  spend: (now: number) => SQLiteUpdateSetSource<T>;
};

/** Why a link does not work now. */
export type LinkRefusal = "unknown" | "used" | "expired";

/** A new link: the token for the URL, the hash to store. */
export async function newLink(): Promise<{ token: string; hash: string }> {
  const token = newToken();
  return { token, hash: await sha256Hex(token) };
}

/** The stored form of a token from a URL; null for anything not shaped like one (kept out of queries). */
export async function linkHash(token: unknown): Promise<string | null> {
  return isTokenShape(token) ? sha256Hex(token) : null;
}

/** The condition that holds exactly while the link with this hash can be used: unspent and unexpired. */
export function usableWhere(kind: LinkKind, hash: string, now: number, where?: SQL): SQL {
  return and(eq(kind.hash, hash), kind.usedAt ? isNull(kind.usedAt) : undefined, kind.fresh(now), where)!;
}

/** The kind's links that `which` selects and are not spent yet (to void them in a batch). */
export function unspentWhere(kind: LinkKind, which: SQL): SQL {
  return and(which, kind.usedAt ? isNull(kind.usedAt) : undefined)!;
}

type Fields = Record<string, SQLiteColumn | SQL.Aliased>;
type Row<F extends Fields> = { [K in keyof F]: F[K] extends SQLiteColumn ? F[K]["_"]["data"] : unknown };
type Outcome<F extends Fields> = { ok: true; row: Row<F> } | { ok: false; why: LinkRefusal };

/**
 * Reads a link without spending it (opening a link's page changes nothing: mail scanners fetch every link).
 * `fields` are read from the link's row when it is usable; otherwise the answer says why it is not. `where`
 * narrows further (a link made for one account only).
 */
export async function peekLink<F extends Fields>(
  db: Db,
  kind: LinkKind,
  token: unknown,
  o: { now: number; fields: F; where?: SQL },
): Promise<Outcome<F>> {
  const hash = await linkHash(token);
  if (!hash) return { ok: false, why: "unknown" };
  const [found] = await db
    .select({
      ...o.fields,
      linkUsed: kind.usedAt ? sql<number>`${kind.usedAt} is not null` : sql<number>`0`,
      linkFresh: sql<number>`coalesce(${kind.fresh(o.now)}, 0)`,
    })
    .from(kind.table)
    .where(and(eq(kind.hash, hash), o.where))
    .limit(1);
  if (!found) return { ok: false, why: "unknown" };
  const { linkUsed, linkFresh, ...row } = found as Record<string, unknown>;
  if (Number(linkUsed)) return { ok: false, why: "used" };
  if (!Number(linkFresh)) return { ok: false, why: "expired" };
  return { ok: true, row: row as Row<F> };
}

/**
 * The statement that spends the link if it is still usable, for a caller's db.batch: the kind's spend, plus
 * `set` (what using the link does to the same row).
 */
export function spendStatement<T extends SQLiteTable>(
  db: Db,
  kind: LinkKind<T>,
  hash: string,
  o: { now: number; where?: SQL; set?: SQLiteUpdateSetSource<T> },
) {
  return db
    .update(kind.table)
    .set({ ...o.set, ...kind.spend(o.now) })
    .where(usableWhere(kind as unknown as LinkKind, hash, o.now, o.where));
}

/**
 * Spends the link (once: the conditional UPDATE lets exactly one request win) and answers `fields` of its
 * row; a link that cannot be spent changes nothing and is told why.
 */
export async function spendLink<T extends SQLiteTable, F extends Fields>(
  db: Db,
  kind: LinkKind<T>,
  token: unknown,
  o: { now: number; fields: F; where?: SQL; set?: SQLiteUpdateSetSource<T> },
): Promise<Outcome<F>> {
  const hash = await linkHash(token);
  if (!hash) return { ok: false, why: "unknown" };
  // One constant column beside the caller's, so a caller that wants no field still learns whether it won.
  const returning = { ...o.fields, linkSpent: sql<number>`1` };
  const [spent] = (await spendStatement(db, kind, hash, o).returning(returning as never)) as Record<string, unknown>[];
  if (spent) {
    const { linkSpent: _, ...row } = spent;
    return { ok: true, row: row as Row<F> };
  }
  const peeked = await peekLink(db, kind as unknown as LinkKind, token, { now: o.now, fields: {}, where: o.where });
  // Usable a moment ago and not now: another request spent it in between.
  return { ok: false, why: peeked.ok ? "used" : peeked.why };
}
