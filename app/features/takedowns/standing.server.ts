// Whether a listing stands taken down after a takedown case (docs/decisions/0063-takedown-cases.md): its owner's
// Live switch may not bring it back; an appeal reversing the decision (decision 0064) or an administrator can.
import { sql } from "drizzle-orm";
import type { SQL } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import { getDb, schema } from "~/platform/data/db.server";
import type { DbEnv } from "~/platform/data/db.server";

const t = schema.takedownCases;

export const TAKEN_DOWN_MSG =
  "This listing was taken down after a complaint that it was published without consent. You can appeal the decision from the link in our e-mail or on the dashboard.";

/** SQL: the listing was taken down as listed without consent, and no appeal has reversed it. */
export function takenDown(listingId: SQLiteColumn | SQL): SQL {
  return sql`exists (select 1 from ${t} where ${t.listingId} = ${listingId} and ${t.kind} = 'listed' and ${t.outcome} = 'taken_down')`;
}

export async function isTakenDown(env: DbEnv, listingId: string): Promise<boolean> {
  const [row] = await getDb(env)
    .select({ yes: sql<number>`1` })
    .from(t)
    .where(sql`${t.listingId} = ${listingId} and ${t.kind} = 'listed' and ${t.outcome} = 'taken_down'`)
    .limit(1);
  return Boolean(row);
}
