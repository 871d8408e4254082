// The end-to-end tests' door into the store of their worker's server: POST /__e2e/store on that server
// (store-door.worker.ts, served only by the tests), so the one workerd that serves the app is the only
// process that opens its SQLite files, and a test never makes the app meet a lock it did not take itself.
// No process is started per statement.
import { inject } from "vitest";
import type { E2eServer } from "./global-setup";
import type { StoreRequest, StoreStatement } from "./store-door.worker";

/** Which of the run's servers this worker drives: vitest numbers its workers from 1 (VITEST_POOL_ID). */
export function workerServer(): E2eServer {
  const servers = inject("servers");
  const index = (Number(process.env.VITEST_POOL_ID ?? "1") - 1) % servers.length;
  return servers[index];
}

async function ask<T>(request: StoreRequest): Promise<T> {
  const { url, storeToken } = workerServer();
  for (let attempt = 1; ; attempt++) {
    const res = await fetch(`${url}/__e2e/store`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-E2E-Store-Token": storeToken },
      body: JSON.stringify(request),
    });
    const text = await res.text();
    // wrangler dev answers in plain text when its Worker restarted under the request ("Your worker
    // restarted mid-request. Please try sending the request again."): the door never ran, so it is asked again.
    if (!text.startsWith("{") && attempt < 3) continue;
    const answer = JSON.parse(text) as T & { error?: string };
    if (!res.ok) throw new Error(`the store door answered ${res.status}: ${answer.error}`);
    return answer;
  }
}

/**
 * Runs SQL against the store: one statement with `?` parameters, or several (each ending in `;` at a line's
 * end) without, as one atomic batch.
 */
export async function d1(sql: string, ...params: unknown[]): Promise<void> {
  if (params.length) return d1Batch([{ sql, params }]);
  const statements = sql
    .split(/;\s*\n/)
    .map((s) => s.trim().replace(/;$/, ""))
    .filter(Boolean);
  return d1Batch(statements.map((s) => ({ sql: s })));
}

/** Several statements as one atomic batch. */
export async function d1Batch(statements: StoreStatement[]): Promise<void> {
  await ask({ op: "batch", statements });
}

/** Runs a query against the store and answers its rows. */
export async function d1Rows<T>(sql: string, ...params: unknown[]): Promise<T[]> {
  return (await ask<{ rows: T[] }>({ op: "all", statement: { sql, params } })).rows;
}

/** Copies photos in R2, each [from, to]. */
export async function copyPhotos(pairs: [string, string][]): Promise<void> {
  await ask({ op: "copyPhotos", pairs });
}

export async function deletePhotos(keys: string[]): Promise<void> {
  await ask({ op: "deletePhotos", keys });
}

/** A TOTP secret sealed with the server's sealing key for `userId`, as the seed seals the demo one. */
export async function sealTotpSecret(userId: string, secret: string): Promise<string> {
  return (await ask<{ sealed: string }>({ op: "seal", userId, secret })).sealed;
}

/**
 * Runs the Worker's cron handler once on this worker's server, as the every-30-minutes trigger would. Its
 * jobs run in waitUntil after the answer: callers poll for what they expect.
 */
export async function runCron(): Promise<void> {
  await ask({ op: "cron", cron: "*/30 * * * *" });
}

/**
 * Moves the server's clock (Date.now in its Worker) to `at`, running on from there; null puts the real clock
 * back. The server is the worker's for all its files: a test that moves it puts it back when it ends.
 */
export async function setServerClock(at: number | null): Promise<number> {
  return (await ask<{ now: number }>({ op: "clock", at })).now;
}
