// A provider of the test file's own, made as a copy of a seeded demo provider (the same listings, photos,
// rates, tours, counters and plans under new ids), so a file can change listings as it likes without another
// file seeing it, and the demo data stays as seeded for the files that only read it. The copy is deleted when
// the file ends (afterAll), photos included, so nothing it made is left on the grid.
import { afterAll, beforeAll } from "vitest";
import { newId } from "../../app/platform/data/ids";
import { PUBLIC_PHOTO_PREFIX } from "../../app/core/photo-keys";
import { demoAccount } from "../../drizzle/seed/demo-accounts";
import type { DemoRole } from "../../drizzle/seed/demo-accounts";
import type { Person } from "./people";
import { copyPhotos, d1Batch, d1Rows, deletePhotos } from "./store";
import type { StoreStatement } from "./store-door.worker";

// The tables the seed fills for a provider's listings, in the order their rows can be inserted.
const LISTING_TABLES = [
  "listing_images",
  "listing_rates",
  "listing_special_rates",
  "tour_stops",
  "listing_stats",
  "subscriptions",
];

type Row = Record<string, unknown>;

export type OwnProvider = Person & { listings: { id: string; firstName: string }[] };

function insert(table: string, row: Row): StoreStatement {
  const columns = Object.keys(row);
  return {
    sql: `INSERT INTO ${table} (${columns.map((c) => `"${c}"`).join(", ")}) VALUES (${columns.map(() => "?").join(", ")})`,
    params: columns.map((c) => row[c]),
  };
}

/**
 * A copy of the demo Independent or Agency with all its listings, made before the file's tests and removed
 * after them. Call it at the top of a file; the object is filled in once the file's tests start.
 */
export function useOwnProvider(role: Exclude<DemoRole, "admin">): OwnProvider {
  const provider = {} as OwnProvider;
  let remove: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    const made = await copyDemoProvider(role);
    remove = made.remove;
    Object.assign(provider, made.provider);
  });
  afterAll(async () => {
    await remove?.();
  });
  return provider;
}

async function copyDemoProvider(
  role: Exclude<DemoRole, "admin">,
): Promise<{ provider: OwnProvider; remove: () => Promise<void> }> {
  const demo = demoAccount(role);
  const [user] = await d1Rows<Row>("SELECT * FROM users WHERE email = ?", demo.email);
  if (!user) throw new Error(`the demo ${role} is not in the store`);
  const userId = newId();
  const email = `${role}-${userId}@example.nz`;
  const listings = await d1Rows<Row>("SELECT * FROM listings WHERE user_id = ? ORDER BY created_at", user.id);
  const listingIds = new Map(listings.map((l) => [String(l.id), newId()]));
  const keys = new Map<string, string>();

  const statements = [insert("users", { ...user, id: userId, email })];
  const children: StoreStatement[] = [];
  for (const table of LISTING_TABLES) {
    const rows = await d1Rows<Row>(
      `SELECT * FROM ${table} WHERE listing_id IN (${listings.map(() => "?").join(", ")})`,
      ...listings.map((l) => l.id),
    );
    for (const row of rows) {
      const copy: Row = { ...row, listing_id: listingIds.get(String(row.listing_id)) };
      if ("user_id" in copy) copy.user_id = userId;
      if (typeof copy.id === "string") copy.id = newId();
      else delete copy.id;
      if (typeof copy.r2_key === "string") {
        const key = `${PUBLIC_PHOTO_PREFIX}${newId(24)}.webp`;
        keys.set(copy.r2_key, key);
        copy.r2_key = key;
      }
      children.push(insert(table, copy));
    }
  }
  // Photos first, so no row ever points at a missing object.
  await copyPhotos([...keys]);
  for (const listing of listings) {
    statements.push(
      insert("listings", {
        ...listing,
        id: listingIds.get(String(listing.id)),
        user_id: userId,
        cover_key: listing.cover_key ? (keys.get(String(listing.cover_key)) ?? null) : null,
        stale_token_hash: null,
      }),
    );
  }
  await d1Batch([...statements, ...children]);

  return {
    provider: {
      id: userId,
      email,
      password: demo.password,
      firstName: demo.firstName,
      listings: listings.map((l) => ({ id: listingIds.get(String(l.id))!, firstName: String(l.first_name) })),
    },
    async remove() {
      // Listings and everything of theirs cascade from the account; the photo copies go by hand.
      await d1Batch([
        { sql: "DELETE FROM listings WHERE user_id = ?", params: [userId] },
        { sql: "DELETE FROM users WHERE id = ?", params: [userId] },
      ]);
      await deletePhotos([...keys.values()]);
    },
  };
}
