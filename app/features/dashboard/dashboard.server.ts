// The owner's side of a listing: the dashboard's list with this month's counters, the Active and Live
// toggles, and the owner's editable profile. Routes (the dashboard page and the JSON API) stay thin and
// share these, so both paths enforce the same rules.
import { and, asc, eq, sql } from "drizzle-orm";
import { type DashboardListing } from "./dashboard";
import { activeChange, liveChange, TOGGLE_ERRORS, type ListingState } from "~/features/listings/state";
import { isId } from "~/platform/data/ids";
import { flatRatesInDollars, type FlatRates } from "~/features/listings/rules";
import { photoUrl } from "~/features/photos/keys";
import type { Profile } from "~/features/profile/profile";
import { monthKey } from "./stats";
import { visibilitySet } from "~/features/listings/visibility.server";
import { getDb, schema } from "~/platform/data/db.server";
import { buildProfileFromD1, writeProfileSnapshot } from "~/features/profile/profile.server";
import { publicState, publishProfileUpdate } from "~/platform/realtime/publish.server";
import { overLimit } from "~/platform/http/rate-limit.server";
import type { WaitUntil } from "~/platform/request-context";

const l = schema.listings;
const img = schema.listingImages;
const st = schema.listingStats;

/**
 * Every listing of `userId` in the dashboard shape, oldest first, with this UTC month's views, contacts
 * and likes (0 when the month has no row yet). Two queries whatever the number of listings: the images
 * are read with a subquery on user_id, so an agency with hundreds of listings stays under D1's
 * bound-parameter limit.
 */
export async function loadDashboardListings(
  env: Pick<Env, "DB">,
  userId: string,
  now = Date.now(),
): Promise<DashboardListing[]> {
  const db = getDb(env);
  const [rows, images] = await db.batch([
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
      .leftJoin(st, and(eq(st.listingId, l.id), eq(st.month, monthKey(now))))
      .where(eq(l.userId, userId))
      .orderBy(asc(l.createdAt), asc(l.id)),
    db
      .select({ listingId: img.listingId, r2Key: img.r2Key })
      .from(img)
      .innerJoin(l, eq(l.id, img.listingId))
      .where(eq(l.userId, userId))
      .orderBy(asc(img.listingId), asc(img.position), asc(img.createdAt)),
  ]);
  const urls = new Map<string, string[]>();
  for (const i of images) {
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
  }));
}

export type OwnListing = ListingState &
  Pick<typeof l.$inferSelect, "id" | "userId" | "firstName" | "location" | "paid">;

/** The listing when `userId` owns it, else null (missing, malformed or someone else's: callers answer 403). */
export async function findOwnListing(
  env: Pick<Env, "DB">,
  userId: string,
  listingId: string,
): Promise<OwnListing | null> {
  if (!isId(listingId)) return null;
  const [row] = await getDb(env)
    .select({
      id: l.id,
      userId: l.userId,
      firstName: l.firstName,
      location: l.location,
      live: l.live,
      verified: l.verified,
      active: l.active,
      activeUntil: l.activeUntil,
      paid: l.paid,
    })
    .from(l)
    .where(and(eq(l.id, listingId), eq(l.userId, userId)))
    .limit(1);
  return row ?? null;
}

/** What a toggle answers: the listing's flags after the change. */
export type ToggleState = {
  modelId: string;
  live: boolean;
  verified: boolean;
  active: boolean;
  active_until: number | null;
  activeUntil: number | null;
};

export type ToggleResult = { ok: true; state: ToggleState } | { ok: false; status: 403 | 409; error: string };

export const NOT_YOUR_LISTING = "You do not have access to this listing";

type Toggle = "active" | "live";

/**
 * Sets (or, with `desired` undefined, flips) Active Now or Live on the owner's listing. The rules of
 * app/features/listings/state.ts decide the change; the UPDATE repeats the rule in its WHERE clause (live = 1 to go
 * active, verified = 1 to go live), so a request racing an administrator's change cannot break it. Then
 * updated_at moves on (readers stop trusting an older KV snapshot), the snapshot is rewritten or dropped,
 * and open pages are told.
 */
export async function setListingFlag(
  env: Pick<Env, "DB" | "PROFILES" | "ListingsRoom">,
  ctx: WaitUntil,
  userId: string,
  listingId: string,
  toggle: Toggle,
  desired: boolean | undefined,
  now = Date.now(),
): Promise<ToggleResult> {
  const listing = await findOwnListing(env, userId, listingId);
  if (!listing) return { ok: false, status: 403, error: NOT_YOUR_LISTING };
  const change = toggle === "active" ? activeChange(listing, desired, now) : liveChange(listing, desired, now);
  if (!change.ok) return { ok: false, status: 409, error: change.error };
  // Public only while paid for (docs/billing.md); the UPDATE below repeats it, and a trigger backs both.
  if (toggle === "live" && desired !== false && !listing.live && !listing.paid) {
    return { ok: false, status: 409, error: TOGGLE_ERRORS.notPaid };
  }

  const next = { ...listing, ...change.next };
  // A toggle that changes nothing writes and tells nobody.
  if (next.live === listing.live && next.active === listing.active && next.activeUntil === listing.activeUntil) {
    return { ok: true, state: toggleState(listingId, next) };
  }
  const guard =
    next.live && toggle === "live"
      ? and(eq(l.verified, true), eq(l.paid, true))
      : next.active
        ? eq(l.live, true)
        : undefined;
  const db = getDb(env);
  const [updated] = await db
    .update(l)
    .set({
      ...(toggle === "live" ? liveSwitch(next.live, now) : { active: next.active, activeUntil: next.activeUntil }),
      updatedAt: now,
    })
    .where(and(eq(l.id, listingId), eq(l.userId, userId), guard))
    .returning({ id: l.id, live: l.live, active: l.active, activeUntil: l.activeUntil });
  if (!updated) {
    // The listing changed between the read and the write (hidden, unverified or deleted meanwhile).
    const fresh = await findOwnListing(env, userId, listingId);
    if (!fresh) return { ok: false, status: 403, error: NOT_YOUR_LISTING };
    const again = toggle === "active" ? activeChange(fresh, desired, now) : liveChange(fresh, desired, now);
    return {
      ok: false,
      status: 409,
      error: again.ok ? "The listing changed meanwhile. Please try again." : again.error,
    };
  }
  await refreshSnapshot(env, listingId);
  publishProfileUpdate(env, ctx, listingId, publicState(listing), now);
  return { ok: true, state: toggleState(listingId, { ...next, ...updated }) };
}

/**
 * The owner's Live switch is their choice to show or hide the listing; whether it is public follows from
 * the visibility rule. Switching it on is also the owner's way back from a break and from the stale-listing
 * check (it says they are still there).
 */
function liveSwitch(on: boolean, now: number) {
  return on
    ? {
        ...visibilitySet({ switchedOff: false, pausedAt: null, hiddenAsStale: false }, now),
        pausedUntil: null,
        confirmedAt: now,
        staleTokenHash: null,
      }
    : visibilitySet({ switchedOff: true }, now);
}

function toggleState(listingId: string, next: ListingState): ToggleState {
  return {
    modelId: listingId,
    live: next.live,
    verified: next.verified,
    active: next.active,
    active_until: next.activeUntil,
    activeUntil: next.activeUntil,
  };
}

/**
 * KV only speeds up public reads, and readers check updated_at against D1 before using a snapshot, so a
 * failed rewrite costs speed, never correctness: log it and let the toggle stand.
 */
async function refreshSnapshot(env: Pick<Env, "DB" | "PROFILES">, listingId: string) {
  try {
    await writeProfileSnapshot(env, listingId);
  } catch (error) {
    console.error("dashboard: snapshot rewrite failed", listingId, error);
  }
}

/**
 * The owner's view of a listing: the public profile plus the last name and the provider doc's flat rate
 * fields (dollars). Here `rate60` is the flat incall hour, as the provider doc defines it; the public
 * profile's `rate60` is the hour a visitor pays (incall, else outcall).
 */
export type OwnerProfile = Profile & FlatRates & { lastName: string };

/** GET /api/modelP/{id}: the owner's listing for the editor, hidden or not. */
export async function loadOwnerProfile(
  env: Pick<Env, "DB">,
  userId: string,
  listingId: string,
): Promise<OwnerProfile | null> {
  if (!isId(listingId)) return null;
  const [owned] = await getDb(env)
    .select({
      lastName: l.lastName,
      rate30: l.rate30,
      rate60: l.rate60,
      rate120: l.rate120,
      orate30: l.orate30,
      orate60: l.orate60,
      orate120: l.orate120,
    })
    .from(l)
    .where(and(eq(l.id, listingId), eq(l.userId, userId)))
    .limit(1);
  if (!owned) return null;
  // The owner's own copy: with the photos kept but not shown on the Standard plan, marked.
  const profile = await buildProfileFromD1(env, listingId, { withHidden: true });
  const { lastName, ...cents } = owned;
  return profile ? { ...profile, ...flatRatesInDollars(cents), lastName } : null;
}

/** The owner's listings as {modelId, firstName}, for the settings screen's delete buttons. */
export async function listOwnListingNames(
  env: Pick<Env, "DB">,
  userId: string,
): Promise<{ modelId: string; firstName: string }[]> {
  return getDb(env)
    .select({ modelId: l.id, firstName: l.firstName })
    .from(l)
    .where(eq(l.userId, userId))
    .orderBy(asc(l.createdAt), asc(l.id));
}

/**
 * Owner writes (toggles, deletes) per account: each toggle broadcasts to every open page, so a script
 * flipping a listing in a loop would flood every visitor. Keyed by user, not address, so providers
 * behind one NAT do not share a budget. A limiter outage lets the write through.
 */
export function ownerWriteLimited(env: Pick<Env, "WRITE_LIMITER">, userId: string): Promise<boolean> {
  return overLimit(env.WRITE_LIMITER, `owner:${userId}`, "open");
}
