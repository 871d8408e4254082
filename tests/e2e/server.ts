// The stores the built app is served over, and the benchmark's server: `wrangler dev` on a free port, over its
// own freshly migrated and seeded store, so a run never touches the demo data of `npm start` and two runs
// cannot collide. The end-to-end tests serve the app with Miniflare instead (miniflare-app.ts says why).
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { TEST_BUILD_DIR, testServeArgs } from "../../scripts/build-dirs.mjs";
import { ensureDevVars } from "../../scripts/dev-vars.mjs";
import { mustRun, serveWithWranglerDev } from "./wrangler-dev";

export type AppServer = { url: string; persistDir: string; stop: () => Promise<void> };

/** `photoSize` ("2400x3200"): pictures stored as uploads of that size are (the seed's --photo-size). */
export function prepareStore(persistDir: string, listings: number, photoSize?: string) {
  // scripts/wrangler-d1.mjs runs wrangler again when its platform proxy lost an answer.
  mustRun("node", ["scripts/wrangler-d1.mjs", "migrations", "apply", "DB", "--local", "--persist-to", persistDir]);
  const size = photoSize ? ["--photo-size", photoSize] : [];
  mustRun("node", ["scripts/seed.mjs", "--persist-to", persistDir, "--quiet", "--listings", String(listings), ...size]);
}

/** Fails unless the test build is there, and makes sure .dev.vars says local development (the committed config is production). */
export function requireTestBuild() {
  if (!existsSync(`${TEST_BUILD_DIR}/server/index.js`)) {
    throw new Error(
      `No test build: run \`npm test\` (it builds) or \`REMIX_BUILD_DIR=${TEST_BUILD_DIR} npm run build\` first.`,
    );
  }
  ensureDevVars();
}

/**
 * `persistDir` reuses a store prepared earlier (the benchmark's 10,000 listings) and keeps it;
 * otherwise a temporary store is made, seeded and removed at stop.
 */
export async function startApp(opts: { listings?: number; persistDir?: string } = {}): Promise<AppServer> {
  requireTestBuild();
  const keep = Boolean(opts.persistDir);
  const persistDir = opts.persistDir ?? mkdtempSync(join(tmpdir(), "nz-e2e-"));
  if (!keep) prepareStore(persistDir, opts.listings ?? 72);
  const served = await serveWithWranglerDev({
    name: "app",
    args: [...testServeArgs(), "--persist-to", persistDir],
    readyPath: "/api/placeholder/1/1",
  });
  return {
    url: served.url,
    persistDir,
    async stop() {
      await served.stop();
      if (!keep) rmSync(persistDir, { recursive: true, force: true });
    },
  };
}
