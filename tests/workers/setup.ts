import { applyD1Migrations, env, reset } from "cloudflare:test";
import { beforeAll, beforeEach } from "vitest";
import { assertSameDatabase, captureDatabase, type DatabaseSnapshot, restoreDatabase } from "./fresh-database";

// Every test starts from an empty store (D1, KV, R2, the Cache API, Durable Objects) with the real
// migrations' schema and seeded rows: migrated once per file, replayed per test (fresh-database.ts).
let migrated: DatabaseSnapshot;

beforeAll(async () => {
  await reset();
  await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
  migrated = await captureDatabase(env.DB);
  await reset();
  await restoreDatabase(env.DB, migrated);
  await assertSameDatabase(env.DB, migrated);
});

beforeEach(async () => {
  await reset();
  await restoreDatabase(env.DB, migrated);
});
