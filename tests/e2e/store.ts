// The end-to-end tests' own door into the store their `wrangler dev` serves: one local platform proxy
// (wrangler's getPlatformProxy, the way the seed writes) per test worker, opened on first use and kept for
// every file the worker runs. Both workerd processes open the same SQLite files, so a row written here is
// what the server reads next, with no process started per statement.
import path from "node:path";
import { fileURLToPath } from "node:url";
import { inject } from "vitest";

export type StoreEnv = { DB: D1Database; PHOTOS: R2Bucket; PROFILES: KVNamespace; TWO_FACTOR_KEY?: string };

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

/** Which of the run's servers this worker drives: vitest numbers its workers from 1 (VITEST_POOL_ID). */
export function workerServer(): { url: string; persistDir: string } {
  const servers = inject("servers");
  const index = (Number(process.env.VITEST_POOL_ID ?? "1") - 1) % servers.length;
  return servers[index];
}

// Kept on globalThis as well as in this module: a worker runs many files, and a proxy is a workerd
// process that should be started once.
type Held = { persistDir: string; env: Promise<StoreEnv> };
const holder = globalThis as typeof globalThis & { __e2eStore?: Held };

/** The proxy's bindings for this worker's store. */
export function store(): Promise<StoreEnv> {
  const { persistDir } = workerServer();
  if (holder.__e2eStore?.persistDir === persistDir) return holder.__e2eStore.env;
  const env = (async () => {
    // Its workerd warns that the Worker's Durable Object class is not available to it: nothing here uses
    // it, and vitest.config.ts drops that line (onConsoleLog).
    process.env.WRANGLER_LOG ??= "error";
    const { getPlatformProxy } = await import("wrangler");
    const proxy = await getPlatformProxy<StoreEnv>({
      configPath: path.join(ROOT, "wrangler.toml"),
      persist: { path: path.join(persistDir, "v3") },
      remoteBindings: false,
    });
    process.once("exit", () => void proxy.dispose());
    return proxy.env;
  })();
  holder.__e2eStore = { persistDir, env };
  return env;
}

/**
 * Runs `work` again while SQLite answers that the server's workerd holds the database's lock at that moment:
 * two processes share the file, and each holds it only for one statement or batch. D1 reports the lock as
 * SQLITE_BUSY, or inside a batch as an "internal error"; a batch is one transaction, so nothing of a failed
 * one was written and running it again is safe.
 */
export async function whenUnlocked<T>(work: () => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      if (attempt >= 50 || !/SQLITE_BUSY|internal error/.test(String(error))) throw error;
      await new Promise((r) => setTimeout(r, 20 + attempt * 10));
    }
  }
}

/**
 * Runs SQL against the store: one statement with `?` parameters, or several (each ending in `;` at a line's
 * end) without, as one atomic batch.
 */
export async function d1(sql: string, ...params: unknown[]): Promise<void> {
  const { DB } = await store();
  if (params.length) {
    await whenUnlocked(() =>
      DB.prepare(sql)
        .bind(...params)
        .run(),
    );
    return;
  }
  const statements = sql
    .split(/;\s*\n/)
    .map((s) => s.trim().replace(/;$/, ""))
    .filter(Boolean);
  await whenUnlocked(() => DB.batch(statements.map((s) => DB.prepare(s))));
}

/** Runs a query against the store and answers its rows. */
export async function d1Rows<T>(sql: string, ...params: unknown[]): Promise<T[]> {
  const { DB } = await store();
  const { results } = await whenUnlocked(() =>
    DB.prepare(sql)
      .bind(...params)
      .all<T>(),
  );
  return results;
}
