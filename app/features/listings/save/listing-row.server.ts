// The listing row a save writes: inserted for a new listing, updated for an edit (the first statement of
// the save's batch, see write-batch.server.ts).
import { and, eq, exists, notExists, or, sql } from "drizzle-orm";
import { flatRates } from "../rules";
import type { ParsedListing } from "../schema";
import { insertWhere, schema } from "~/platform/data/db.server";
import type { Db, RowOf } from "~/platform/data/db.server";
import { storedNumberForms } from "~/core/phone-numbers";
import { otherAccountHas } from "./phone-hold.server";

const l = schema.listings;

/** The listing's content columns, as stored (money in cents). */
function contentColumns(data: ParsedListing) {
  return {
    firstName: data.firstName,
    lastName: "",
    age: data.age,
    tagLine: data.tagLine,
    description: data.description,
    location: data.location,
    suburb: data.suburb,
    calls: data.calls,
    nationality: data.nationality,
    height: data.height,
    weight: data.weight,
    eyeColour: data.eyeColour,
    bust: data.bust,
    dressSize: data.dressSize,
    hairColour: data.hairColour,
    bodyType: data.bodyType,
    services: data.services,
    interests: data.interests,
    favorites: data.favorites,
    availability: data.availability,
    schedule: data.schedule,
    availableDays: data.availableDays,
    instagram: data.instagram,
    twitter: data.twitter,
    onlyFans: data.onlyFans,
    website: data.website,
    contactPhone: data.contactPhone,
    ...flatRates(data.rates),
  } satisfies RowOf<typeof l>;
}

/**
 * A new listing: unverified, hidden, listed_at = created_at. Inserted only while the owner is an Agency
 * or holds no listing yet, checked inside the batch so two saves at once cannot both pass.
 */
export function insertListing(db: Db, id: string, userId: string, data: ParsedListing, now: number) {
  const u = schema.users;
  const a = schema.agencies;
  const mayHoldAnother = or(
    exists(
      db
        .select({ one: sql`1` })
        .from(u)
        .where(and(eq(u.id, userId), eq(u.agency, true))),
    ),
    notExists(
      db
        .select({ one: sql`1` })
        .from(l)
        .where(eq(l.userId, userId)),
    ),
  )!;
  return insertWhere(
    db,
    l,
    {
      id,
      userId,
      ...contentColumns(data),
      verified: false,
      live: false,
      active: false,
      imageCount: 0,
      listedAt: now,
      createdAt: now,
      updatedAt: now,
      confirmedAt: now,
      // An agency's listing waits for its worker's consent, and for its agency's check
      // (docs/decisions/0058-worker-consent-and-agency-checks.md).
      awaitingConsent: sql<boolean>`(SELECT ${u.agency} FROM ${u} WHERE ${u.id} = ${userId})`,
      // One contact number, one account (docs/decisions/0067-new-listings-number-held.md): read inside the
      // INSERT, so a listing saved at the same moment by another account with the same number is seen.
      numberHeld: sql<boolean>`${otherAccountHas(data.contactPhone, userId)}`,
      agencyHeld: sql<boolean>`(SELECT ${u.agency} = 1 AND NOT EXISTS (SELECT 1 FROM ${a} WHERE ${a.userId} = ${userId} AND ${a.certificateCheckedAt} IS NOT NULL AND ${a.suspendedAt} IS NULL) FROM ${u} WHERE ${u.id} = ${userId})`,
    },
    mayHoldAnother,
  );
}

/**
 * An edit: content, updated_at and confirmed_at (a save says the listing is current, for the stale-listing
 * check). verified, live and active stay (a live listing stays live).
 */
export function updateListing(db: Db, id: string, ownerId: string, data: ParsedListing, now: number) {
  // A new number that another account's listing got since the save's check is kept back here, inside the
  // batch (the review item follows: phone-hold.server.ts numberStatements).
  const forms = sql.join(
    storedNumberForms(data.contactPhone).map((form) => sql`${form}`),
    sql`, `,
  );
  const contactPhone = sql<string>`CASE WHEN ${l.contactPhone} IN (${forms}) OR NOT ${otherAccountHas(data.contactPhone, ownerId)} THEN ${data.contactPhone} ELSE ${l.contactPhone} END`;
  return db
    .update(l)
    .set({ ...contentColumns(data), contactPhone, updatedAt: now, confirmedAt: now })
    .where(and(eq(l.id, id), eq(l.userId, ownerId)));
}
