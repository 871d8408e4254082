// 'Impersonation' in the side-by-side match queue (docs/decisions/0066-photo-hash-backfill-and-takedown-upkeep.md)
// opens a takedown case about the listing whose photo was taken down, so it runs the same steps as any other
// case (docs/decisions/0063-takedown-cases.md): its owner is told at once and may answer within 48 hours, the
// listing comes down without an answer, and every decision is on the case and the audit log. The person whose
// photo it was is the one told the outcome. When that listing already has an open case, the match joins it
// instead (nothing new is written).
import { and, eq, ne, sql } from "drizzle-orm";
import type { SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { newId } from "~/platform/data/ids";
import { getDb, insertWhere, schema } from "~/platform/data/db.server";
import type { Db } from "~/platform/data/db.server";
import { sealSecret } from "~/platform/crypto/sealing-key.server";
import { notifyOwner } from "./file-case.server";
import { newCaseClock } from "./rules";

const t = schema.takedownCases;
const l = schema.listings;
const u = schema.users;

/** The case's words, as the owner and the administrators read them (never the matched account's details). */
export const MATCH_CASE_DETAILS =
  "Opened by an administrator from the photo match queue: a photo on this listing matched a photo on another account's listing and was taken down as impersonation.";

export type MatchCase = { statements: BatchItem<"sqlite">[]; after: () => Promise<void> };

/**
 * The case's INSERT for the decision's batch (guarded on `when`, the match being decided in that batch, and
 * on the listing having no open case), and what to do once the batch is written: tell the owner.
 */
export async function impersonationCase(
  env: Env,
  db: Db,
  match: { listingId: string; otherListingId: string | null },
  origin: string,
  now: number,
  when: SQL,
): Promise<MatchCase> {
  const ou = u;
  const [listing] = await db
    .select({ firstName: l.firstName, ownerId: l.userId })
    .from(l)
    .where(eq(l.id, match.listingId))
    .limit(1);
  const [other] = match.otherListingId
    ? await db
        .select({ email: ou.email })
        .from(l)
        .innerJoin(ou, eq(ou.id, l.userId))
        .where(eq(l.id, match.otherListingId))
        .limit(1)
    : [];
  if (!listing || !other) return { statements: [], after: async () => undefined };
  const id = newId();
  const clock = newCaseClock(now);
  const openCase = sql`exists (select 1 from ${t} where ${t.listingId} = ${match.listingId} and ${t.status} <> 'decided')`;
  const statements: BatchItem<"sqlite">[] = [
    insertWhere(
      db,
      t,
      {
        id,
        listingId: match.listingId,
        listingName: listing.firstName,
        ownerId: listing.ownerId,
        kind: "listed",
        contact: other.email,
        details: await sealSecret(env, `takedown-details:${id}`, MATCH_CASE_DETAILS),
        imageIds: "[]",
        status: "waiting",
        createdAt: now,
        notifiedAt: clock.notifiedAt,
        answerDueAt: clock.answerDueAt,
      },
      sql`${when} and not ${openCase}`,
    ),
  ];
  const after = async () => {
    const [written] = await getDb(env)
      .select({ id: t.id })
      .from(t)
      .where(and(eq(t.id, id), ne(t.status, "decided")))
      .limit(1);
    if (written) await notifyOwner(env, id, listing, "listed", origin, clock.answerDueAt);
  };
  return { statements, after };
}
