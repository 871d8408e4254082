import { env } from "cloudflare:test";
import { afterEach, beforeAll, beforeEach } from "vitest";
import { VISITOR_SALT_PREFIX, saltExpiry } from "~/platform/crypto/visitor-key.server";
import { countDay } from "~/platform/http/client-address";
import { backgroundWorkDone } from "./background";
import { assertSameDatabase, freshDatabase, migratedSnapshot } from "./fresh-database";

// Every test starts from an empty store (D1, KV, R2, the Cache API, Durable Objects) with the real
// migrations' schema and seeded rows: migrated once per worker, replayed per test (fresh-database.ts).
beforeAll(async () => {
  await freshDatabase();
  await assertSameDatabase(env.DB, await migratedSnapshot());
});

// The visitors' hash keys are derived from VISITOR_KEY (vitest.config.ts) and the day's salt in KV, and cached
// by each copy of their module (the built app's and the one workers/app.ts imports from source) for a few
// minutes, which in these tests outlast many resets: today's and tomorrow's salts are put back after each
// reset with fixed values, so every copy derives the same keys, as one deployment's isolates do (the cron
// makes them a day ahead there).
export const TEST_VISITOR_SALT = "dGVzdC1vbmx5LXZpc2l0b3Itc2FsdC0zMi1ieXRlcyE=";

beforeEach(async () => {
  // Whatever a file's hooks started outside a test is over before the store is emptied under it.
  await backgroundWorkDone();
  await freshDatabase();
  const now = Date.now();
  for (const day of [countDay(now), countDay(now + 86_400_000)])
    await env.PROFILES.put(`${VISITOR_SALT_PREFIX}${day}`, TEST_VISITOR_SALT, { expiration: saltExpiry(day) });
});

// Every test ends when its answers' background work (background.ts) has: none of it runs on into the next
// test's store, and a test that reads what that work wrote waits for it with backgroundWorkDone() itself.
afterEach(backgroundWorkDone);
