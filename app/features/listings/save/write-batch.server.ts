// Step 6 of a save: one atomic batch. D1 runs a batch as a transaction, so the listing row, its images,
// rates, special rates and tour stops, the uploads it used up, the cover columns, the badges and the audit
// entry are all written or none is. The listing's own write comes first: the update's row count tells a
// listing deleted meanwhile.
import { and, eq } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { newId } from "~/platform/data/ids";
import { LISTING_RULE_MSG, mayAddListing } from "../rules";
import type { ParsedListing } from "../schema";
import { countListingsOf } from "../access.server";
import { schema } from "~/platform/data/db.server";
import type { Db } from "~/platform/data/db.server";
import { auditForListing } from "~/features/audit/audit.server";
import { coverStatement } from "~/features/photos/plan-photos.server";
import { claimStatement } from "~/features/photos/pending-uploads.server";
import { holdStatements, photoHashStatement } from "~/features/photos/holds.server";
import type { PendingUpload } from "~/features/photos/pending-uploads.server";
import { badgeEffects } from "~/features/listings/reverification";
import { badgeStatements } from "~/features/listings/reverification.server";
import { insertListing, updateListing } from "./listing-row.server";
import { removeObjects } from "./photo-objects.server";
import type { HeldRow, ImageRow } from "./photo-objects.server";
import { failure } from "./outcome.server";
import { numberStatements, phoneHoldStatement } from "./phone-hold.server";
import type { PhoneHold } from "./phone-hold.server";
import { askAgainStatements } from "../consent/ask.server";
import type { AgreedTo } from "../consent";
import type { SaveFailure, SaveMode, SaveRequest, StatementCount } from "./outcome.server";
import type { SaveTarget } from "./target.server";

const img = schema.listingImages;

/** Everything the batch writes, gathered by the steps before it. */
export type SaveWrite = {
  mode: SaveMode;
  userId: string;
  target: SaveTarget;
  data: ParsedListing;
  /** A number held for review (decision 0062): the listing keeps its own and this item waits. */
  phoneHold: PhoneHold | null;
  rows: ImageRow[];
  /** New photos held for review (decision 0057): not shown, each with its review item. */
  held: HeldRow[];
  uploads: PendingUpload[];
  /** Saved photos the body kept (the others are removed). */
  keptIds: ReadonlySet<string>;
  /** Photos the save adds (uploads and files in the body). */
  added: number;
  /** What the agency listing's worker agreed to; null when she has not (or it is not an agency's). */
  agreed: AgreedTo | null;
  now: number;
};

type ListingWrite = ReturnType<typeof insertListing> | ReturnType<typeof updateListing>;
export type SaveBatch = { listingWrite: ListingWrite; statements: BatchItem<"sqlite">[] };

/** The batch: the listing's own write, then everything that hangs off it. */
export function saveBatch(db: Db, w: SaveWrite): SaveBatch {
  const { listingId, ownerId } = w.target;
  const listingWrite =
    w.mode === "create"
      ? insertListing(db, listingId, ownerId, w.data, w.now)
      : updateListing(db, listingId, ownerId, w.data, w.now);
  const statements = [
    ...imageStatements(db, listingId, w.rows, w.now),
    ...w.rows.flatMap((row) => (row.isNew && row.hash ? [photoHashStatement(db, row.id, listingId, row.hash)] : [])),
    ...w.held.flatMap((held) => holdStatements(db, listingId, held, w.now)),
    ...(w.phoneHold ? [phoneHoldStatement(db, listingId, w.phoneHold, w.now)] : []),
    ...numberStatements(db, w.mode, listingId, ownerId, w.data.contactPhone, w.now),
    ...contentStatements(db, w.mode, listingId, w.data),
    ...w.uploads.map((upload) => claimStatement(db, w.userId, upload.id)),
    coverStatement(db, listingId),
    ...badgeAndAuditStatements(db, w),
    ...askAgainStatements(
      db,
      listingId,
      w.agreed,
      { name: w.data.firstName, imageIds: w.rows.map((r) => r.id) },
      w.now,
    ),
  ];
  return { listingWrite, statements };
}

function imageStatements(db: Db, listingId: string, rows: ImageRow[], now: number): BatchItem<"sqlite">[] {
  return rows.map((row) =>
    row.isNew
      ? db.insert(img).values({
          id: row.id,
          listingId,
          r2Key: row.r2Key,
          position: row.position,
          width: row.width,
          height: row.height,
          createdAt: now,
        })
      : db
          .update(img)
          .set({ position: row.position })
          .where(and(eq(img.id, row.id), eq(img.listingId, listingId))),
  );
}

/** Tour stops, rates and special rates: an edit replaces those saved before. */
function contentStatements(db: Db, mode: SaveMode, listingId: string, data: ParsedListing): BatchItem<"sqlite">[] {
  const statements: BatchItem<"sqlite">[] = [];
  if (mode === "update") {
    statements.push(db.delete(schema.listingRates).where(eq(schema.listingRates.listingId, listingId)));
    statements.push(db.delete(schema.listingSpecialRates).where(eq(schema.listingSpecialRates.listingId, listingId)));
    statements.push(db.delete(schema.tourStops).where(eq(schema.tourStops.listingId, listingId)));
  }
  data.tours.forEach((stop, i) => {
    statements.push(
      db.insert(schema.tourStops).values({
        listingId,
        position: i + 1,
        region: stop.region,
        suburb: stop.suburb,
        startDate: stop.start,
        endDate: stop.end,
      }),
    );
  });
  for (const rate of data.rates) {
    statements.push(
      db.insert(schema.listingRates).values({
        id: newId(),
        listingId,
        callType: rate.callType,
        duration: rate.duration,
        price: rate.priceCents,
        description: rate.description,
      }),
    );
  }
  data.specialRates.forEach((s, i) => {
    statements.push(
      db.insert(schema.listingSpecialRates).values({
        id: newId(),
        listingId,
        serviceName: s.serviceName,
        duration: s.duration,
        rate: s.rateCents,
        description: s.description,
        position: i + 1,
      }),
    );
  });
  return statements;
}

function badgeAndAuditStatements(db: Db, w: SaveWrite): BatchItem<"sqlite">[] {
  const { listingId, ownerId, badges, existing } = w.target;
  const statements: BatchItem<"sqlite">[] = [];
  // Verification means what it says: changed photos lose the tick; a new name, age or most photos on an
  // ID-verified listing go back to the administrators (decision 0007). In the same batch as the save.
  if (badges) {
    const effects = badgeEffects(badges, {
      firstName: w.data.firstName,
      age: w.data.age ?? null,
      imageIds: w.rows.map((r) => r.id),
    });
    const baseline = badges.verified && !badges.reviewedImageIds.length ? badges.imageIds : undefined;
    statements.push(...badgeStatements(db, listingId, ownerId, effects, w.now, baseline));
  }
  // An administrator's save of someone else's listing is on the audit log, in the same batch as the save,
  // and written only while the listing exists, so a save that finds it gone records nothing.
  if (w.mode === "update" && ownerId !== w.userId) {
    const removed = existing.filter((i) => !w.keptIds.has(i.id)).length;
    const detail = `Photos: ${removed} removed, ${w.added} added`;
    statements.push(auditForListing(db, { adminId: w.userId, action: "edit_listing", detail }, listingId, w.now));
  }
  return statements;
}

class ListingGoneError extends Error {}

/**
 * Runs the batch. On any failure the new R2 objects go again and the answer says why: the listing gone
 * meanwhile (404), the Independent rule met by a concurrent save (409), or a fault (500).
 */
export async function commitSave(
  db: Db,
  req: SaveRequest,
  mode: SaveMode,
  listingId: string,
  { listingWrite, statements }: SaveBatch,
  newKeys: string[],
  count: StatementCount,
): Promise<SaveFailure | null> {
  const { env, user } = req;
  try {
    count.add(1 + statements.length);
    const [written] = await db.batch([listingWrite, ...statements]);
    // An update that matched no row (the listing was deleted meanwhile) wrote nothing that matters: undo.
    if (mode === "update" && written.meta.changes === 0) throw new ListingGoneError();
    return null;
  } catch (error) {
    await removeObjects(env, newKeys);
    if (error instanceof ListingGoneError) return failure(404, LISTING_RULE_MSG.notFound);
    if (mode === "create") {
      // The batch's first statement only inserts when the Independent rule allows it; the image rows then
      // fail their foreign key and the whole batch rolls back. Tell that case apart from a real fault.
      if (!mayAddListing(user.agency, await countListingsOf(env, user.id)))
        return failure(409, LISTING_RULE_MSG.independentLimit);
    }
    console.error("listing save failed", listingId, error instanceof Error ? error.message : error);
    return failure(500, LISTING_RULE_MSG.saveFailed);
  }
}
