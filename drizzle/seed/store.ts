/// <reference types="node" />
// The local D1 and R2 the seed writes: the same files `wrangler dev --persist-to DIR` reads (DIR/v3), reached
// through a small Worker of its own (store-door.worker.js) in a workerd of its own (scripts/local-miniflare.mjs).
// Every call is an ordinary asynchronous HTTP request (Miniflare's dispatchFetch). The seed does not use
// getPlatformProxy: its bindings answer through a synchronous fetch that, in the miniflare wrangler 4.86 runs,
// can lose an answer when the machine is busy, and then fails every later call of that proxy
// (docs/decisions/0046-seeding-without-the-synchronous-proxy.md).
import { randomBytes } from "node:crypto";
import path from "node:path";
import { startLocalMiniflare } from "../../scripts/local-miniflare.mjs";

/** One SQL statement and its bound values, as the door runs it. */
export type Statement = { sql: string; params: readonly unknown[] };

export function statement(sql: string, ...params: unknown[]): Statement {
  return { sql, params };
}

export type SeedStore = {
  /** wrangler.toml's [vars] with .dev.vars over them, as `wrangler dev` gives the Worker. */
  vars: Readonly<Record<string, unknown>>;
  all<T>(statement: Statement): Promise<T[]>;
  /** One D1 batch: one transaction. */
  batch(statements: readonly Statement[]): Promise<void>;
  putPhoto(key: string, bytes: Uint8Array<ArrayBuffer>, contentType: string): Promise<void>;
  deletePhotos(keys: readonly string[]): Promise<void>;
  dispose(): Promise<void>;
};

const DOOR = "http://seed-store.local";

/**
 * Starts the store over `persistTo` (wrangler's --persist-to: the data is in persistTo/v3) with the bindings
 * wrangler.toml in `root` gives. Throws when workerd does not start; nothing is written or left running then.
 */
export async function openSeedStore(root: string, persistTo: string): Promise<SeedStore> {
  const token = randomBytes(24).toString("hex");
  const { mf, vars } = await startLocalMiniflare({
    root,
    persistTo,
    worker: {
      modules: true,
      scriptPath: path.join(root, "drizzle", "seed", "store-door.worker.js"),
      bindings: { SEED_STORE_TOKEN: token },
    },
  });

  const call = async <T>(pathname: string, init: RequestInit): Promise<T> => {
    const res = await mf.dispatchFetch(`${DOOR}${pathname}`, {
      ...init,
      headers: { ...(init.headers as Record<string, string>), "X-Seed-Store-Token": token },
    });
    const body = (await res.json()) as T & { error?: string };
    if (!res.ok) throw new Error(body.error ?? `the seed's store answered ${res.status}`);
    return body;
  };
  const post = <T>(body: object) =>
    call<T>("/", { method: "POST", body: JSON.stringify(body), headers: { "Content-Type": "application/json" } });

  return {
    vars,
    async all<T>(s: Statement) {
      return (await post<{ rows: T[] }>({ op: "all", statement: s })).rows;
    },
    async batch(statements) {
      if (statements.length) await post({ op: "batch", statements });
    },
    async putPhoto(key, bytes, contentType) {
      await call(`/photos/${encodeURIComponent(key)}`, {
        method: "PUT",
        body: bytes,
        headers: { "Content-Type": contentType },
      });
    },
    async deletePhotos(keys) {
      if (keys.length) await post({ op: "deletePhotos", keys });
    },
    dispose: () => mf.dispose(),
  };
}
