// One app server per test worker, each over its own copy of one freshly migrated and seeded store: files
// on different workers never share a database, a page cache or a rate limiter, and a worker's files own
// what they make (docs/testing.md).
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { prepareStore, startApp } from "./server";

export type E2eServer = { url: string; storeToken: string };

declare module "vitest" {
  export interface ProvidedContext {
    servers: E2eServer[];
  }
}

export default async function setup(project: TestProject) {
  const workers = Math.max(1, Number(project.config.maxWorkers) || 1);
  const root = mkdtempSync(join(tmpdir(), "nz-e2e-"));
  const template = join(root, "template");
  prepareStore(template, 72);
  const dirs = Array.from({ length: workers }, (_, i) => {
    const dir = join(root, `worker-${i + 1}`);
    cpSync(template, dir, { recursive: true });
    return dir;
  });
  const started = await Promise.allSettled(dirs.map((persistDir) => startApp({ persistDir, storeDoor: true })));
  const apps = started.flatMap((s) => (s.status === "fulfilled" ? [s.value] : []));
  const failed = started.find((s) => s.status === "rejected");
  if (failed) {
    await Promise.all(apps.map((app) => app.stop()));
    rmSync(root, { recursive: true, force: true });
    throw failed.reason;
  }
  project.provide(
    "servers",
    apps.map((app) => ({ url: app.url, storeToken: app.storeToken! })),
  );
  return async () => {
    await Promise.all(apps.map((app) => app.stop()));
    rmSync(root, { recursive: true, force: true });
  };
}
