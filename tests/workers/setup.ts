import { env } from "cloudflare:test";
import { beforeAll, beforeEach } from "vitest";
import { assertSameDatabase, freshDatabase, migratedSnapshot } from "./fresh-database";

// Every test starts from an empty store (D1, KV, R2, the Cache API, Durable Objects) with the real
// migrations' schema and seeded rows: migrated once per worker, replayed per test (fresh-database.ts).
beforeAll(async () => {
  await freshDatabase();
  await assertSameDatabase(env.DB, await migratedSnapshot());
});

beforeEach(async () => {
  await freshDatabase();
});
