// Starts the built app with `wrangler dev` on a free port, over its own freshly migrated and seeded store,
// so a run never touches the demo data of `npm start` and two runs cannot collide.
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { TEST_BUILD_DIR, testServeArgs } from "../../scripts/build-dirs.mjs";
import { ensureDevVars } from "../../scripts/dev-vars.mjs";
import { mustRun, serveWithWranglerDev } from "./wrangler-dev";

export type AppServer = { url: string; persistDir: string; storeToken?: string; stop: () => Promise<void> };

/** `photoSize` ("2400x3200"): pictures stored as uploads of that size are (the seed's --photo-size). */
export function prepareStore(persistDir: string, listings: number, photoSize?: string) {
  // scripts/wrangler-d1.mjs runs wrangler again when its platform proxy lost an answer.
  mustRun("node", ["scripts/wrangler-d1.mjs", "migrations", "apply", "DB", "--local", "--persist-to", persistDir]);
  const size = photoSize ? ["--photo-size", photoSize] : [];
  mustRun("node", ["scripts/seed.mjs", "--persist-to", persistDir, "--quiet", "--listings", String(listings), ...size]);
}

/**
 * `persistDir` reuses a store prepared earlier (the benchmark's 10,000 listings) and keeps it;
 * otherwise a temporary store is made, seeded and removed at stop.
 */
export async function startApp(
  opts: {
    listings?: number;
    persistDir?: string;
    /** Serve the app with the end-to-end tests' store door (store-door.worker.ts), under a new secret. */
    storeDoor?: boolean;
  } = {},
): Promise<AppServer> {
  if (!existsSync(`${TEST_BUILD_DIR}/server/index.js`)) {
    throw new Error(
      `No test build: run \`npm test\` (it builds) or \`REMIX_BUILD_DIR=${TEST_BUILD_DIR} npm run build\` first.`,
    );
  }
  // The committed config is production; the app under test runs as local development (.dev.vars).
  ensureDevVars();
  const keep = Boolean(opts.persistDir);
  const persistDir = opts.persistDir ?? mkdtempSync(join(tmpdir(), "nz-e2e-"));
  if (!keep) prepareStore(persistDir, opts.listings ?? 72);
  const storeToken = opts.storeDoor ? randomBytes(24).toString("hex") : undefined;
  const door = storeToken ? ["tests/e2e/store-door.worker.ts", "--var", `E2E_STORE_TOKEN:${storeToken}`] : [];
  const served = await serveWithWranglerDev({
    name: "app",
    // --test-scheduled: GET /__scheduled runs the Worker's cron handler, for journeys that need it (runCron).
    args: [...door, ...testServeArgs(), "--persist-to", persistDir, "--test-scheduled"],
    readyPath: "/api/placeholder/1/1",
  });
  return {
    url: served.url,
    persistDir,
    storeToken,
    async stop() {
      await served.stop();
      if (!keep) rmSync(persistDir, { recursive: true, force: true });
    },
  };
}

/**
 * Runs the Worker's cron handler once, as the every-30-minutes trigger would (wrangler dev --test-scheduled).
 * Its jobs run in waitUntil after the answer: callers poll for what they expect.
 */
export async function runCron(baseUrl: string): Promise<void> {
  const res = await fetch(`${baseUrl}/__scheduled?cron=${encodeURIComponent("*/30 * * * *")}`);
  if (!res.ok) throw new Error(`the cron answered ${res.status}`);
}
