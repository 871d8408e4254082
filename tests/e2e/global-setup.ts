// One app server per test worker, each over its own copy of one freshly migrated and seeded store: files
// on different workers never share a database, a page cache or a rate limiter, and a worker's files own
// what they make (docs/testing.md).
import { randomBytes } from "node:crypto";
import { cpSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { bundleTestWorker, serveWithMiniflare } from "./miniflare-app";
import { prepareTestStore, requireTestBuild } from "./server";

export type E2eServer = { url: string; storeToken: string };

declare module "vitest" {
  export interface ProvidedContext {
    servers: E2eServer[];
  }
}

export default async function setup(project: TestProject) {
  const workers = Math.max(1, Number(project.config.maxWorkers) || 1);
  requireTestBuild();
  mkdirSync("test-results", { recursive: true });
  const root = mkdtempSync(join(tmpdir(), "nz-e2e-"));
  const template = join(root, "template");
  // The Worker is bundled while the store is migrated and seeded.
  const bundling = bundleTestWorker("tests/e2e/store-door.worker.ts", join(root, "worker"));
  bundling.catch(() => {});
  await prepareTestStore(template, 72);
  const dirs = Array.from({ length: workers }, (_, i) => {
    const dir = join(root, `worker-${i + 1}`);
    cpSync(template, dir, { recursive: true });
    return dir;
  });
  const bundle = await bundling;
  const started = await Promise.allSettled(
    dirs.map(async (persistDir, i) => {
      const storeToken = randomBytes(24).toString("hex");
      const app = await serveWithMiniflare({
        bundle,
        persistDir,
        vars: { E2E_STORE_TOKEN: storeToken },
        name: `app-${i + 1}`,
      });
      return { ...app, storeToken };
    }),
  );
  const apps = started.flatMap((s) => (s.status === "fulfilled" ? [s.value] : []));
  const failed = started.find((s) => s.status === "rejected");
  if (failed) {
    await Promise.all(apps.map((app) => app.stop()));
    rmSync(root, { recursive: true, force: true });
    throw failed.reason;
  }
  project.provide(
    "servers",
    apps.map((app) => ({ url: app.url, storeToken: app.storeToken })),
  );
  return async () => {
    await Promise.all(apps.map((app) => app.stop()));
    rmSync(root, { recursive: true, force: true });
  };
}
