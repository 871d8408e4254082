// The stores the built app is served over, and the benchmark's server: `wrangler dev` on a free port, over its
// own freshly migrated and seeded store, so a run never touches the demo data of `npm start` and two runs
// cannot collide. The end-to-end tests serve the app with Miniflare instead (miniflare-app.ts says why).
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { TEST_BUILD_DIR, testServeArgs } from "../../scripts/build-dirs.mjs";
import { ensureDevVars } from "../../scripts/dev-vars.mjs";
import { mustRun, serveWithWranglerDev } from "./wrangler-dev";
import { readD1Migrations } from "@cloudflare/vitest-plugin";
import { openSeedStore, statement } from "../../drizzle/seed/store";

export type AppServer = {
  url: string;
  persistDir: string;
  inspectorPort: number;
  stop: () => Promise<void>;
};

/**
 * The end-to-end tests' store: every migration applied in one workerd (the seed's, drizzle/seed/store.ts),
 * each as one D1 batch with its row in d1_migrations, as `wrangler d1 migrations apply` does, then the seed.
 * wrangler starts a workerd per migration (about a second each, most of it waiting); the benchmark's store
 * and `npm start` still go through wrangler.
 */
export async function prepareTestStore(persistDir: string, listings: number) {
  await migrateTestStore(persistDir);
  await run("node", ["scripts/seed.mjs", "--persist-to", persistDir, "--quiet", "--listings", String(listings)]);
}

/** Every migration applied to the store at `persistDir`, in one workerd, as `prepareTestStore` does first. */
export async function migrateTestStore(persistDir: string) {
  const migrations = await readD1Migrations("drizzle/migrations");
  const store = await openSeedStore(process.cwd(), persistDir);
  try {
    await store.batch([statement(D1_MIGRATIONS_TABLE)]);
    for (const m of migrations)
      await store.batch([
        ...m.queries.map((sql) => statement(sql)),
        statement("INSERT INTO d1_migrations (name) VALUES (?)", m.name),
      ]);
  } finally {
    await store.dispose();
  }
}

// wrangler 4.86's own table of applied migrations (its d1 migrations commands read it).
const D1_MIGRATIONS_TABLE = `CREATE TABLE IF NOT EXISTS d1_migrations(
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  name TEXT UNIQUE,
  applied_at TIMESTAMP DEFAULT CURRENT_TIMESTAMP NOT NULL
)`;

/** `cmd args`, its output passed through; rejects when it fails. */
function run(cmd: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { stdio: ["ignore", "inherit", "inherit"] });
    child.on("error", reject);
    child.on("close", (code) =>
      code === 0 ? resolve() : reject(new Error(`${cmd} ${args.join(" ")} exited ${code}`)),
    );
  });
}

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
    inspectorPort: served.inspectorPort,
    async stop() {
      await served.stop();
      if (!keep) rmSync(persistDir, { recursive: true, force: true });
    },
  };
}
