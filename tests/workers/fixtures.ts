import { env } from "cloudflare:test";
import { newId } from "~/platform/data/ids";
import { hashPassword } from "~/features/accounts/password.server";

let counter = 0;

/**
 * Inserts a user; only with a `password` does it get a real hash (hashing is slow, and only a login needs it).
 * Its address is confirmed unless `confirmed: false` (a sign-up whose link was never opened).
 */
export async function insertUser(
  overrides: Partial<{
    id: string;
    email: string;
    firstName: string;
    accountType: string;
    agency: boolean;
    password: string;
    confirmed: boolean;
    createdAt: number;
  }> = {},
) {
  const id = overrides.id ?? newId();
  const now = overrides.createdAt ?? Date.now();
  const hash = overrides.password === undefined ? "x" : await hashPassword(overrides.password);
  await env.DB.prepare(
    "INSERT INTO users (id, email, first_name, password_hash, account_type, agency, created_at, updated_at, email_confirmed_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
  )
    .bind(
      id,
      overrides.email ?? `user-${id}@test.nz`,
      overrides.firstName ?? "Owner",
      hash,
      overrides.accountType ?? "unpaid",
      overrides.agency ? 1 : 0,
      now,
      now,
      overrides.confirmed === false ? null : now,
    )
    .run();
  return id;
}

export type ListingFixture = {
  id?: string;
  userId?: string;
  firstName?: string;
  age?: number | null;
  height?: number | null;
  nationality?: string;
  bodyType?: string;
  location?: string;
  suburb?: string;
  tagLine?: string;
  rate60?: number | null;
  orate60?: number | null;
  featured?: boolean;
  hot?: boolean;
  verified?: boolean;
  live?: boolean;
  active?: boolean;
  activeUntil?: number | null;
  photoVerified?: boolean;
  coverKey?: string | null;
  listedAt?: number;
  /**
   * The listing's subscription (docs/billing.md): by default an active week on the plan `featured` implies, with
   * a stored test-gateway card, so a listing can be public as before. "none" leaves it unpaid.
   */
  subscription?: "active" | "none";
};

/** Inserts a listing with sensible defaults: live, verified, in Auckland, with a cover photo key. */
export async function insertListing(f: ListingFixture = {}) {
  const id = f.id ?? newId();
  const userId = f.userId ?? (await insertUser());
  const now = Date.now();
  counter++;
  const live = f.live ?? true;
  const paid = (f.subscription ?? "active") === "active";
  await env.DB.prepare(
    `INSERT INTO listings (id, user_id, first_name, age, height, nationality, body_type, location, suburb, tag_line,
      rate60, orate60, featured, hot, verified, live, active, active_until, photo_verified, cover_key, cover_width, cover_height,
      image_count, listed_at, created_at, updated_at, paid, switched_off)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 600, 800, 3, ?, ?, ?, ?, ?)`,
  )
    .bind(
      id,
      userId,
      f.firstName ?? `Model${counter}`,
      f.age === undefined ? 25 : f.age,
      f.height === undefined ? 165 : f.height,
      f.nationality ?? "New Zealand",
      f.bodyType ?? "Slim",
      f.location ?? "Auckland",
      f.suburb ?? "Ponsonby",
      f.tagLine ?? "A warm and friendly companion",
      f.rate60 === undefined ? 30000 : f.rate60,
      f.orate60 ?? null,
      f.featured ? 1 : 0,
      f.hot ? 1 : 0,
      (f.verified ?? live) ? 1 : 0,
      live ? 1 : 0,
      f.active ? 1 : 0,
      f.activeUntil ?? null,
      f.photoVerified ? 1 : 0,
      f.coverKey === undefined ? `listing/${newId(24)}.webp` : f.coverKey,
      f.listedAt ?? now - counter * 1000,
      now,
      now,
      paid ? 1 : 0,
      // Verified and paid but not live: hidden by choice, as app/features/listings/visibility.ts reads it.
      (f.verified ?? live) && paid && !live ? 1 : 0,
    )
    .run();
  if (paid) await insertSubscription(id, userId, { plan: f.featured ? "featured" : "standard", now });
  return id;
}

/** An active subscription row for a listing (its `paid` flag is the caller's). */
export async function insertSubscription(
  listingId: string,
  userId: string,
  o: Partial<{
    plan: "standard" | "featured";
    status: string;
    now: number;
    periodStart: number;
    periodEnd: number;
    graceUntil: number | null;
    methodRef: string | null;
  }> = {},
) {
  const now = o.now ?? Date.now();
  const start = o.periodStart ?? now;
  await env.DB.prepare(
    `INSERT INTO subscriptions (listing_id, user_id, plan, status, period_start, period_end, grace_until, method_ref,
      created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (listing_id) DO UPDATE SET plan = excluded.plan, status = excluded.status,
      period_start = excluded.period_start, period_end = excluded.period_end, grace_until = excluded.grace_until,
      method_ref = excluded.method_ref, updated_at = excluded.updated_at`,
  )
    .bind(
      listingId,
      userId,
      o.plan ?? "standard",
      o.status ?? "active",
      start,
      o.periodEnd ?? start + 7 * 24 * 60 * 60 * 1000,
      o.graceUntil ?? null,
      o.methodRef === undefined ? `tgm_ok_${listingId}` : o.methodRef,
      now,
      now,
    )
    .run();
}
