// The states of a verification request as SQL conditions, shared by the provider's side, the review and
// the file sweep.
import { sql } from "drizzle-orm";
import { schema } from "~/platform/data/db.server";

const vr = schema.verificationRequests;

// Written as literals, not bound values: SQLite uses a partial index (the one pending request per listing
// and kind, and the sweep's leftover index, migration 0006) only for a WHERE that states its condition.
export const isPending = sql`${vr.status} = 'pending'`;
export const isDecided = sql`${vr.status} <> 'pending'`;
export const namesFiles = sql`${vr.r2Keys} <> '[]'`;
