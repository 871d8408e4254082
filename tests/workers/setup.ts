import { env } from "cloudflare:test";
import { afterEach, beforeAll, beforeEach } from "vitest";
import { backgroundWorkDone } from "./background";
import { assertSameDatabase, freshDatabase, migratedSnapshot } from "./fresh-database";

// Every test starts from an empty store (D1, KV, R2, the Cache API, Durable Objects) with the real
// migrations' schema and seeded rows: migrated once per worker, replayed per test (fresh-database.ts).
beforeAll(async () => {
  await freshDatabase();
  await assertSameDatabase(env.DB, await migratedSnapshot());
});

// The visitor key of the insights counts is a site secret kept in D1 and cached by each copy of its module
// (the built app's and the one workers/app.ts imports from source) for the life of the isolate, which in
// these tests outlives many resets: a fixed value keeps every copy's key the same, as one deployment's is.
const COUNT_VISITOR_SECRET = "test-only-count-visitor-secret-0123456789abcdef";

beforeEach(async () => {
  // Whatever a file's hooks started outside a test is over before the store is emptied under it.
  await backgroundWorkDone();
  await freshDatabase();
  await env.DB.prepare("INSERT INTO site_secrets (name, value, created_at) VALUES ('count-visitor', ?, 0)")
    .bind(COUNT_VISITOR_SECRET)
    .run();
});

// Every test ends when its answers' background work (background.ts) has: none of it runs on into the next
// test's store, and a test that reads what that work wrote waits for it with backgroundWorkDone() itself.
afterEach(backgroundWorkDone);
