import { env } from "cloudflare:test";
import { newId } from "~/lib/ids";
import { hashPassword } from "~/server/password.server";

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
};

/** Inserts a listing with sensible defaults: live, verified, in Auckland, with a cover photo key. */
export async function insertListing(f: ListingFixture = {}) {
  const id = f.id ?? newId();
  const userId = f.userId ?? (await insertUser());
  const now = Date.now();
  counter++;
  const live = f.live ?? true;
  await env.DB.prepare(
    `INSERT INTO listings (id, user_id, first_name, age, height, nationality, body_type, location, suburb, tag_line,
      rate60, orate60, featured, hot, verified, live, active, active_until, photo_verified, cover_key, cover_width, cover_height,
      image_count, listed_at, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 600, 800, 3, ?, ?, ?)`,
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
    )
    .run();
  return id;
}
