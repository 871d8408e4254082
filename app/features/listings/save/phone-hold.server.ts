// One contact number, one account (docs/decisions/0062-one-number-one-account.md): a save that sets a number
// already on a listing of another account keeps the listing's previous number and holds the new one for the
// administrators' side-by-side queue (/admin/matches). The review item rides in the save's own batch.
import { and, eq, inArray, ne, notExists, sql } from "drizzle-orm";
import { storedNumberForms } from "~/core/phone-numbers";
import { newId } from "~/platform/data/ids";
import { insertWhere, schema } from "~/platform/data/db.server";
import type { Db } from "~/platform/data/db.server";
import type { SaveMode } from "./outcome.server";
import { visibilitySet } from "../visibility.server";
import type { SQL } from "drizzle-orm";

const l = schema.listings;
const r = schema.identityReviews;

/** The number held, the listing that already has it, and the number the listing keeps meanwhile. */
export type PhoneHold = { phone: string; otherListingId: string; keep: string };

/**
 * Whether this edit's number must be held: it differs from the listing's saved number and a listing of
 * another account has it (in any stored form). Listings of the same account (an agency's several, or an
 * independent's re-save) are never held. A new listing is held as a whole instead (numberStatements).
 */
export async function findPhoneHold(
  db: Db,
  mode: SaveMode,
  listingId: string,
  ownerId: string,
  phone: string,
): Promise<PhoneHold | null> {
  if (mode === "create") return null;
  const forms = storedNumberForms(phone);
  const [current, other] = await db.batch([
    db.select({ phone: l.contactPhone }).from(l).where(eq(l.id, listingId)).limit(1),
    db
      .select({ id: l.id })
      .from(l)
      .where(and(inArray(l.contactPhone, forms), ne(l.userId, ownerId)))
      .limit(1),
  ]);
  const keep = current[0]?.phone;
  if (!other[0] || keep === undefined || forms.includes(keep)) return null;
  return { phone, otherListingId: other[0].id, keep };
}

/** The review item, once per listing and number while it waits (a re-save of the same change adds nothing). */
export function phoneHoldStatement(db: Db, listingId: string, hold: PhoneHold, now: number) {
  return insertWhere(
    db,
    r,
    {
      id: newId(),
      kind: "phone",
      listingId,
      // Looked up inside the batch: a listing deleted since the check leaves the item without its other side.
      otherListingId: sql`(select ${l.id} from ${l} where ${l.id} = ${hold.otherListingId})`,
      heldPhone: hold.phone,
      createdAt: now,
    },
    notExists(
      db
        .select({ one: sql`1` })
        .from(r)
        .where(
          and(eq(r.listingId, listingId), eq(r.kind, "phone"), eq(r.status, "pending"), eq(r.heldPhone, hold.phone)),
        ),
    ),
  );
}

/** Every stored form of `phone`, as SQL literals' list. */
function formsList(phone: string): SQL {
  return sql.join(
    storedNumberForms(phone).map((form) => sql`${form}`),
    sql`, `,
  );
}

/** True inside the batch when a listing of another account has `phone`, in any stored form. */
export function otherAccountHas(phone: string, ownerId: string): SQL {
  return sql`exists (select 1 from ${l} o where o.contact_phone in (${formsList(phone)}) and o.user_id <> ${ownerId})`;
}

/**
 * What the batch itself checks, after the listing's own write (docs/decisions/0067-new-listings-number-held.md),
 * so two accounts saving one number at the same moment cannot both get it: D1 runs batches one at a time, and
 * the later one reads the earlier one's number here.
 * - A new listing: held as a whole (number_held, set by its INSERT) with its review item.
 * - An edit that found no other account with its number before the batch, but meets one now: the number was
 *   kept back by the UPDATE (updateListing) and is held for review as the read-ahead would have held it.
 * - An edit of a held new listing to a number nobody else has: the hold ends, and the listing follows the rule.
 */
export function numberStatements(
  db: Db,
  mode: SaveMode,
  listingId: string,
  ownerId: string,
  phone: string,
  now: number,
) {
  const review = (when: SQL) =>
    insertWhere(
      db,
      r,
      {
        id: newId(),
        kind: "phone",
        listingId,
        otherListingId: sql`(select o.id from ${l} o where o.contact_phone in (${formsList(phone)}) and o.user_id <> ${ownerId} limit 1)`,
        heldPhone: phone,
        createdAt: now,
      },
      sql`${when} and not exists (select 1 from ${r} where ${r.listingId} = ${listingId} and ${r.kind} = 'phone' and ${r.status} = 'pending' and ${r.heldPhone} = ${phone})`,
    );
  if (mode === "create")
    return [review(sql`exists (select 1 from ${l} where ${l.id} = ${listingId} and ${l.numberHeld} = 1)`)];
  const kept = sql`exists (select 1 from ${l} where ${l.id} = ${listingId} and ${l.contactPhone} not in (${formsList(phone)}))`;
  return [
    review(sql`${kept} and ${otherAccountHas(phone, ownerId)}`),
    db
      .update(l)
      .set(visibilitySet({ numberHeld: false }, now))
      .where(
        and(
          eq(l.id, listingId),
          eq(l.numberHeld, true),
          inArray(l.contactPhone, storedNumberForms(phone)),
          sql`not ${otherAccountHas(phone, ownerId)}`,
        ),
      ),
  ];
}
