// Step 1 of a save: who and where. A new listing is checked against the country and the Independent rule;
// an edit finds the listing the user may manage, with what the save compares against.
import { asc, eq } from "drizzle-orm";
import { newId } from "~/platform/data/ids";
import { LISTING_RULE_MSG, mayAddListing, mayCreateListingFrom } from "../rules";
import type { TourStop } from "~/core/tour-stops";
import { countListingsOf, findManageableListing } from "../access.server";
import { getDb, schema } from "~/platform/data/db.server";
import { storedTourStops } from "~/features/profile/assemble-profile.server";
import type { BadgeBaseline } from "~/features/listings/reverification";
import { parseIdList } from "~/features/listings/reverification.server";
import { publicState } from "~/platform/realtime/publish.server";
import type { PublicState } from "~/platform/realtime/protocol";
import { failure } from "./outcome.server";
import type { SaveFailure, SaveMode, SaveRequest, StatementCount } from "./outcome.server";

const img = schema.listingImages;

export type ExistingImage = Pick<typeof img.$inferSelect, "id" | "r2Key" | "position" | "width" | "height" | "public">;

export type SaveTarget = {
  ok: true;
  listingId: string;
  ownerId: string;
  /** The listing's saved photos in their order (a new listing: none). */
  existing: ExistingImage[];
  /** What visitors could see before this save (a new listing: nothing), for the realtime event. */
  before: PublicState | null;
  /** What the badges were given for, to tell what this save does to them (a new listing: nothing). */
  badges: BadgeBaseline | null;
  /** The stops saved before: one already under way may keep its start date in the past. */
  savedTours: TourStop[];
};

export async function findSaveTarget(
  req: SaveRequest,
  mode: SaveMode,
  count: StatementCount,
): Promise<SaveTarget | SaveFailure> {
  const { env, user, body } = req;
  if (mode === "create") {
    if (!mayCreateListingFrom(req.country, env.APP_ENV)) return failure(403, LISTING_RULE_MSG.outsideNz);
    count.add();
    if (!mayAddListing(user.agency, await countListingsOf(env, user.id)))
      return failure(409, LISTING_RULE_MSG.independentLimit);
    return {
      ok: true,
      listingId: newId(),
      ownerId: user.id,
      existing: [],
      before: null,
      badges: null,
      savedTours: [],
    };
  }
  if (!body.listingId) return failure(400, "modelId is required");
  count.add();
  const listing = await findManageableListing(env, { id: user.id, isAdmin: user.isAdmin }, body.listingId);
  // The same 403 whether the listing is someone else's or does not exist: ids cannot be probed.
  if (!listing) return failure(403, LISTING_RULE_MSG.notOwner);
  const before = publicState(listing);
  count.add(2);
  const db = getDb(env);
  const [existing, tours] = await db.batch([
    db
      .select({
        id: img.id,
        r2Key: img.r2Key,
        position: img.position,
        width: img.width,
        height: img.height,
        public: img.public,
      })
      .from(img)
      .where(eq(img.listingId, listing.id))
      .orderBy(asc(img.position), asc(img.createdAt)),
    db.select().from(schema.tourStops).where(eq(schema.tourStops.listingId, listing.id)),
  ]);
  return {
    ok: true,
    listingId: listing.id,
    ownerId: listing.userId,
    existing,
    before,
    badges: {
      verified: listing.verified,
      firstName: listing.firstName,
      age: listing.age,
      imageIds: existing.map((i) => i.id),
      reviewedImageIds: parseIdList(listing.reviewedImageIds),
    },
    savedTours: storedTourStops(tours),
  };
}
