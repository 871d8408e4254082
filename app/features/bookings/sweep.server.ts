// What the privacy page promises about booking requests, run by the cron (docs/decisions/0052-booking-requests.md):
// a request is deleted 30 days after its time, its number emptied a day after its time; a code's row a day after it
// was sent; a block 12 months after it was made or last renewed. The inbox's reads ignore what is past too, so a
// late sweep changes nothing anyone sees.
import { and, lte, ne } from "drizzle-orm";
import { getDb, schema } from "~/platform/data/db.server";
import type { DbEnv } from "~/platform/data/db.server";
import { sweepCodes } from "./codes.server";
import { CODE_ROW_MS, NUMBER_OPEN_MS } from "./limits";

const r = schema.bookingRequests;
const b = schema.bookingBlocks;

export async function sweepBookings(env: DbEnv, now: number): Promise<void> {
  const db = getDb(env);
  await db.batch([
    db.delete(r).where(lte(r.deleteAt, now)),
    db
      .update(r)
      .set({ numberSealed: "" })
      .where(and(ne(r.numberSealed, ""), lte(r.startsAt, now - NUMBER_OPEN_MS))),
    db.delete(b).where(lte(b.expiresAt, now)),
  ]);
  await sweepCodes(env, now, CODE_ROW_MS);
}
