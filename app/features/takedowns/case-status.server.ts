// Whether a takedown case is still open, as SQL, shared by the owner's notices, the queue and a new case's
// check for one already open.
import { sql } from "drizzle-orm";
import { schema } from "~/platform/data/db.server";

const t = schema.takedownCases;

// Written as a literal, not a bound value: SQLite uses a partial index (the open cases by owner, by contact,
// by deadline: WHERE status <> 'decided') only for a WHERE that states its condition. With a bound 'decided'
// every dashboard view scanned the whole table.
export const isOpenCase = sql`${t.status} <> 'decided'`;
