// The owner's side of a listing: the dashboard's list with this month's counters, the Active and Live
// toggles, and the owner's editable profile. Routes (the dashboard page and the JSON API) stay thin and
// share these, so both paths enforce the same rules.
import { and, asc, eq, sql } from "drizzle-orm";
import type { Placeholder, SQL } from "drizzle-orm";
import type { DashboardListing } from "./dashboard";
import { flatRatesInDollars } from "~/features/listings/rules";
import type { FlatRates } from "~/features/listings/rules";
import { canAskCheck } from "~/features/verification/photo-checks";
import { photoUrl } from "~/core/photo-keys";
import type { Profile } from "~/core/profile";
import { monthKey } from "~/features/insights/stats";
import { getDb, schema } from "~/platform/data/db.server";
import { buildProfileFromD1 } from "~/features/profile/profile.server";
import { selectOwnListing } from "~/features/listings/own-listing.server";
import type { Db, DbEnv } from "~/platform/data/db.server";

export { NOT_YOUR_LISTING, setListingFlag, type ToggleResult, type ToggleState } from "./toggles.server";

const l = schema.listings;
const img = schema.listingImages;
const st = schema.listingStats;

/**
 * Every listing of `owner` (a user id, or a subquery naming one: the dashboard page reads these beside the
 * session lookup) in the dashboard shape, oldest first, with the `month`'s views, contacts and likes. Two
 * queries whatever the number of listings: the images are read with a subquery on user_id, so an agency with
 * hundreds of listings stays under D1's bound-parameter limit. `month` may be a placeholder (keptSelect).
 */
export function dashboardListingsQueries(db: Db, owner: SQL | Placeholder | string, month: Placeholder | string) {
  return [
    db
      .select({
        id: l.id,
        firstName: l.firstName,
        active: l.active,
        activeUntil: l.activeUntil,
        live: l.live,
        verified: l.verified,
        photoVerified: l.photoVerified,
        paid: l.paid,
        featured: l.featured,
        hiddenByExpiry: l.hiddenByExpiry,
        pausedAt: l.pausedAt,
        pausedUntil: l.pausedUntil,
        confirmedAt: l.confirmedAt,
        staleRemindedAt: l.staleRemindedAt,
        hiddenAsStale: l.hiddenAsStale,
        awaitingConsent: l.awaitingConsent,
        agencyHeld: l.agencyHeld,
        numberHeld: l.numberHeld,
        // An ID verification request waits for review: 'Get Verified' reads 'Verification pending'.
        idPending:
          sql<boolean>`exists (select 1 from verification_requests vr where vr.listing_id = ${l.id} and vr.kind = 'id' and vr.status = 'pending')`.mapWith(
            Boolean,
          ),
        views: st.views,
        contacts: st.contacts,
        likes: st.likes,
      })
      .from(l)
      .leftJoin(st, and(eq(st.listingId, l.id), eq(st.month, month)))
      .where(eq(l.userId, owner))
      .orderBy(asc(l.createdAt), asc(l.id)),
    db
      .select({
        listingId: img.listingId,
        r2Key: img.r2Key,
        verifiedAt: img.verifiedAt,
        pending: sql<boolean>`exists (select 1 from photo_checks_pending p where p.image_id = ${img.id})`.mapWith(
          Boolean,
        ),
      })
      .from(img)
      .innerJoin(l, eq(l.id, img.listingId))
      .where(eq(l.userId, owner))
      .orderBy(asc(img.listingId), asc(img.position), asc(img.createdAt)),
  ] as const;
}

type ListingQueries = ReturnType<typeof dashboardListingsQueries>;
export type DashboardListingRows = readonly [Awaited<ListingQueries[0]>, Awaited<ListingQueries[1]>];

/** The listings and their images as the dashboard shows them. */
export function toDashboardListings([rows, images]: DashboardListingRows, now: number): DashboardListing[] {
  const urls = new Map<string, string[]>();
  const toCheck = new Map<string, number>();
  for (const i of images) {
    if (canAskCheck({ imageId: "", verifiedAt: i.verifiedAt, pending: i.pending }, now))
      toCheck.set(i.listingId, (toCheck.get(i.listingId) ?? 0) + 1);
    const list = urls.get(i.listingId);
    if (list) list.push(photoUrl(i.r2Key));
    else urls.set(i.listingId, [photoUrl(i.r2Key)]);
  }
  return rows.map((r) => ({
    modelId: r.id,
    firstName: r.firstName,
    active: r.active,
    active_until: r.activeUntil,
    activeUntil: r.activeUntil,
    live: r.live,
    verified: r.verified,
    photoVerified: r.photoVerified,
    photosToCheck: toCheck.get(r.id) ?? 0,
    ImageUrls: (urls.get(r.id) ?? []).join(","),
    profileClicks: r.views ?? 0,
    contactClicks: r.contacts ?? 0,
    likes: r.likes ?? 0,
    // `featured` follows the paid plan (docs/billing.md), so it names the plan.
    plan: r.paid ? (r.featured ? "Featured" : "Standard") : null,
    subscriptionExpired: r.hiddenByExpiry,
    pausedAt: r.pausedAt,
    pausedUntil: r.pausedUntil,
    staleAsked: r.hiddenAsStale || (r.staleRemindedAt !== null && r.staleRemindedAt >= r.confirmedAt),
    hiddenAsStale: r.hiddenAsStale,
    idPending: r.idPending,
    awaitingConsent: r.awaitingConsent,
    agencyHeld: r.agencyHeld,
    numberHeld: r.numberHeld,
  }));
}

/** Every listing of `userId` in the dashboard shape, with this NZ month's counters (0 without a row yet). */
export async function loadDashboardListings(env: DbEnv, userId: string, now = Date.now()): Promise<DashboardListing[]> {
  const db = getDb(env);
  return toDashboardListings(await db.batch(dashboardListingsQueries(db, userId, monthKey(now))), now);
}

/**
 * The owner's view of a listing: the public profile plus the last name and the provider doc's flat rate
 * fields (dollars). Here `rate60` is the flat incall hour, as the provider doc defines it; the public
 * profile's `rate60` is the hour a visitor pays (incall, else outcall).
 */
export type OwnerProfile = Profile & FlatRates & { lastName: string };

/** GET /api/modelP/{id}: the owner's listing for the editor, hidden or not. */
export async function loadOwnerProfile(env: DbEnv, userId: string, listingId: string): Promise<OwnerProfile | null> {
  const owned = await selectOwnListing(env, userId, listingId, {
    lastName: l.lastName,
    rate30: l.rate30,
    rate60: l.rate60,
    rate120: l.rate120,
    orate30: l.orate30,
    orate60: l.orate60,
    orate120: l.orate120,
  });
  if (!owned) return null;
  // The owner's own copy: with the photos kept but not shown on the Standard plan, marked.
  const profile = await buildProfileFromD1(env, listingId, { withHidden: true });
  const { lastName, ...cents } = owned;
  return profile ? { ...profile, ...flatRatesInDollars(cents), lastName } : null;
}
