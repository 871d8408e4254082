// The public profile: built from D1, cached as a KV snapshot, and always gated by a fresh D1 check so a
// hidden or deleted listing is never served from a stale copy (KV lags D1 by up to a minute).
import { and, asc, eq, inArray, isNotNull, sql } from "drizzle-orm";
import { shiftsFrom } from "~/core/roster";
import { isId } from "~/platform/data/ids";
import type { Profile } from "~/core/profile";
import { getDb, schema } from "~/platform/data/db.server";
import type { WaitUntil } from "~/platform/request-context";
import { assembleProfile, storedShifts } from "./assemble-profile.server";
import type { ListingRow } from "./assemble-profile.server";
import type { DbEnv } from "~/platform/data/db.server";

const l = schema.listings;
const img = schema.listingImages;
const rt = schema.listingRates;
const sr = schema.listingSpecialRates;
const ts = schema.tourStops;
const wc = schema.workerConsents;
const ag = schema.agencies;
const rs = schema.rosterShifts;

/** Her agency's shifts from yesterday on (a profile carries them: docs/decisions/0060-agency-roster.md). */
function shiftsQuery(db: ReturnType<typeof getDb>, ids: string[]) {
  return (
    db
      .select()
      .from(rs)
      // The date written into the SQL (always YYYY-MM-DD): a bound one beside 100 ids passes D1's 100 parameters.
      .where(and(inArray(rs.listingId, ids), sql`${rs.date} >= ${sql.raw(`'${shiftsFrom(Date.now())}'`)}`))
      .orderBy(asc(rs.listingId), asc(rs.date))
  );
}

/**
 * The agency a profile links to ('With {agency}'): only where its worker agreed to be shown on the agency's
 * page, and the agency has a page (docs/decisions/0059-agency-page.md). A worker who did not agree has no
 * link to it; whether the agency may publish at all is the listing's own visibility (agency_held).
 */
function agencyLinkQuery(db: ReturnType<typeof getDb>, ids: string[]) {
  return db
    .select({ listingId: wc.listingId, name: ag.name, slug: ag.slug })
    .from(wc)
    .innerJoin(l, eq(l.id, wc.listingId))
    .innerJoin(ag, eq(ag.userId, l.userId))
    .where(
      and(inArray(wc.listingId, ids), sql`${wc.state} = 'agreed'`, sql`${wc.onAgencyPage} = 1`, isNotNull(ag.slug)),
    );
}

function agencyLinks(rows: { listingId: string; name: string; slug: string | null }[]) {
  return new Map(rows.flatMap((r) => (r.slug ? [[r.listingId, { name: r.name, slug: r.slug }] as const] : [])));
}

export const SNAPSHOT_PREFIX = "profile:";
// Snapshots are rewritten on every save; the TTL only clears out copies of listings nobody opens.
const SNAPSHOT_TTL_SECONDS = 30 * 24 * 3600;

export function snapshotKey(listingId: string): string {
  return SNAPSHOT_PREFIX + listingId;
}

/**
 * One listing's profile straight from D1 (one batch of five index lookups), or null when it does not exist.
 * Its photos are the public ones (decision 0017); `withHidden` adds those kept but not shown on the Standard
 * plan, marked `hidden`, for the owner's editor only.
 */
export async function buildProfileFromD1(
  env: DbEnv,
  listingId: string,
  opts: { withHidden?: boolean } = {},
): Promise<Profile | null> {
  if (!isId(listingId)) return null;
  const db = getDb(env);
  const shown = opts.withHidden
    ? eq(img.listingId, listingId)
    : and(eq(img.listingId, listingId), eq(img.public, true));
  const [rows, images, rates, specials, tours, agencies, shifts] = await db.batch([
    db.select().from(l).where(eq(l.id, listingId)).limit(1),
    db.select().from(img).where(shown).orderBy(asc(img.position), asc(img.createdAt)),
    db.select().from(rt).where(eq(rt.listingId, listingId)),
    db.select().from(sr).where(eq(sr.listingId, listingId)).orderBy(asc(sr.position)),
    db.select().from(ts).where(eq(ts.listingId, listingId)),
    agencyLinkQuery(db, [listingId]),
    shiftsQuery(db, [listingId]),
  ]);
  const row = rows[0];
  const agency = row ? (agencyLinks(agencies).get(row.id) ?? null) : null;
  return row ? assembleProfile(row, images, rates, specials, tours, agency, storedShifts(shifts)) : null;
}

/**
 * Profiles of many listings with five queries whatever their number: the listing rows are given, then
 * one IN-query each for images, rates, special rates and tour stops. At most 100 ids (D1's bound-parameter limit).
 */
export async function assembleProfiles(env: DbEnv, rows: ListingRow[]): Promise<Profile[]> {
  if (rows.length === 0) return [];
  if (rows.length > 100) throw new Error("assembleProfiles takes at most 100 listings");
  const ids = rows.map((r) => r.id);
  const db = getDb(env);
  const [images, rates, specials, tours, agencies, shifts] = await db.batch([
    db
      .select()
      .from(img)
      // `public = 1` written into the SQL: a bound `true` beside 100 ids passes D1's 100 parameters.
      .where(and(inArray(img.listingId, ids), sql`${img.public} = 1`))
      .orderBy(asc(img.listingId), asc(img.position), asc(img.createdAt)),
    db.select().from(rt).where(inArray(rt.listingId, ids)),
    db.select().from(sr).where(inArray(sr.listingId, ids)).orderBy(asc(sr.listingId), asc(sr.position)),
    db.select().from(ts).where(inArray(ts.listingId, ids)),
    agencyLinkQuery(db, ids),
    shiftsQuery(db, ids),
  ]);
  const agencyBy = agencyLinks(agencies);
  const group = <T extends { listingId: string }>(items: T[]) => {
    const map = new Map<string, T[]>();
    for (const item of items) {
      const list = map.get(item.listingId);
      if (list) list.push(item);
      else map.set(item.listingId, [item]);
    }
    return map;
  };
  const imagesBy = group(images);
  const ratesBy = group(rates);
  const specialsBy = group(specials);
  const toursBy = group(tours);
  const shiftsBy = group(shifts);
  return rows.map((r) =>
    assembleProfile(
      r,
      imagesBy.get(r.id) ?? [],
      ratesBy.get(r.id) ?? [],
      specialsBy.get(r.id) ?? [],
      toursBy.get(r.id) ?? [],
      agencyBy.get(r.id) ?? null,
      storedShifts(shiftsBy.get(r.id) ?? []),
    ),
  );
}

export type Viewer = { id: string; isAdmin: boolean } | null;

function parseSnapshot(raw: string | null, listingId: string): Profile | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Profile;
    // A snapshot written before a field was added to Profile (the schedule, the tours, each photo's check, the agency link, the roster's shifts) is
    // rebuilt from D1.
    return value &&
      typeof value === "object" &&
      value.modelId === listingId &&
      typeof value.updatedAt === "number" &&
      Array.isArray(value.schedule) &&
      Array.isArray(value.tours) &&
      Array.isArray(value.images) &&
      value.images.every((i) => i.verifiedAt !== undefined) &&
      value.agency !== undefined &&
      Array.isArray(value.shifts)
      ? value
      : null;
  } catch {
    return null;
  }
}

/**
 * The profile a viewer may see, or null (the route answers 'Model not found'). Order matters for privacy:
 *  1. a one-row D1 read decides whether the listing exists and whether this viewer may see it;
 *  2. only then is the KV snapshot read, and used only when it was built from the same D1 version
 *     (updated_at) and agrees on `live`;
 *  3. otherwise the profile is built from D1 and the snapshot refreshed after the answer (waitUntil).
 * Hidden listings (seen by their owner or an administrator) always come from D1 and are not written to
 * KV, which holds published listings only.
 */
export async function loadPublicProfile(
  env: Pick<Env, "DB" | "PROFILES">,
  ctx: WaitUntil,
  listingId: string,
  viewer: Viewer,
): Promise<Profile | null> {
  if (!isId(listingId)) return null;
  const [gate] = await getDb(env)
    .select({ live: l.live, userId: l.userId, updatedAt: l.updatedAt })
    .from(l)
    .where(eq(l.id, listingId))
    .limit(1);
  if (!gate) return null;
  const live = gate.live;
  if (!live && !(viewer && (viewer.isAdmin || viewer.id === gate.userId))) return null;
  if (!live) return buildProfileFromD1(env, listingId);

  let snapshot: Profile | null = null;
  try {
    snapshot = parseSnapshot(await env.PROFILES.get(snapshotKey(listingId)), listingId);
  } catch (error) {
    // KV trouble only costs speed: D1 has everything.
    console.error("profile snapshot read failed", listingId, error);
  }
  if (snapshot && snapshot.updatedAt === gate.updatedAt && snapshot.live === true) return snapshot;

  const profile = await buildProfileFromD1(env, listingId);
  if (profile?.live) ctx.waitUntil(putSnapshot(env, profile));
  return profile;
}

async function putSnapshot(env: Pick<Env, "PROFILES">, profile: Profile): Promise<void> {
  try {
    await env.PROFILES.put(snapshotKey(profile.modelId), JSON.stringify(profile), {
      expirationTtl: SNAPSHOT_TTL_SECONDS,
    });
  } catch (error) {
    console.error("profile snapshot write failed", profile.modelId, error);
  }
}

/**
 * Rewrites a listing's snapshot after a save or moderation: published listings get a fresh copy, a
 * hidden or deleted one loses it. Writers should also bump listings.updated_at, which is what makes
 * readers distrust an older snapshot before KV catches up. Answers the profile written, or null.
 */
export async function writeProfileSnapshot(
  env: Pick<Env, "DB" | "PROFILES">,
  listingId: string,
): Promise<Profile | null> {
  if (!isId(listingId)) return null;
  const profile = await buildProfileFromD1(env, listingId);
  if (!profile || !profile.live) {
    await deleteProfileSnapshot(env, listingId);
    return null;
  }
  await env.PROFILES.put(snapshotKey(listingId), JSON.stringify(profile), { expirationTtl: SNAPSHOT_TTL_SECONDS });
  return profile;
}

export async function deleteProfileSnapshot(env: Pick<Env, "PROFILES">, listingId: string): Promise<void> {
  if (!isId(listingId)) return;
  await env.PROFILES.delete(snapshotKey(listingId));
}
