// A workerd over the local state `wrangler dev --persist-to DIR` uses (DIR/v3), with wrangler.toml's D1, R2 and
// KV bindings and its vars (.dev.vars over them): for the scripts that read or write that state from Node (the
// seed's store, drizzle/seed/store.ts; the bench's readers, scripts/platform-proxy.mjs).
// Started from wrangler's own Miniflare (the version wrangler 4.86 runs, not the one @cloudflare/vitest-plugin
// brings), with the binding options wrangler derives itself, so the same SQLite and R2 files. Unlike
// getPlatformProxy, the caller holds the Miniflare from the start and can always dispose of it: a
// getPlatformProxy whose start fails leaves its workerd running until the process ends.
import { createRequire } from "node:module";
import path from "node:path";

/**
 * What the scripts use of a Miniflare.
 * @typedef {{
 *   dispatchFetch(input: string, init?: RequestInit): Promise<Response>;
 *   getBindings(): Promise<Record<string, any>>;
 *   dispose(): Promise<void>;
 * }} LocalMiniflare
 */

/**
 * Starts it and waits until workerd answers. `worker`: the Worker's own options (its script and any more
 * bindings). Answers the Miniflare and the vars; on failure, nothing is left running.
 */
/**
 * @param {{ root: string; persistTo: string; worker: Record<string, any> }} options
 * @returns {Promise<{ mf: LocalMiniflare; vars: Record<string, unknown> }>}
 */
export async function startLocalMiniflare({ root, persistTo, worker }) {
  // Quiet: wrangler's logger would announce that it read .dev.vars.
  process.env.WRANGLER_LOG ??= "error";
  const wrangler = await import("wrangler");
  const configPath = path.join(root, "wrangler.toml");
  const config = wrangler.unstable_readConfig({ config: configPath });
  // Without [assets]: no client build is needed, and a fresh clone has none yet.
  const { workerOptions } = wrangler.unstable_getMiniflareWorkerOptions({ ...config, assets: undefined });
  const requireFromWrangler = createRequire(createRequire(configPath).resolve("wrangler"));
  const { Miniflare } = requireFromWrangler("miniflare");
  const vars = { ...workerOptions.bindings };
  const mf = new Miniflare({
    host: "127.0.0.1",
    port: 0,
    defaultPersistRoot: path.join(path.resolve(persistTo), "v3"),
    workers: [
      {
        name: config.name,
        compatibilityDate: config.compatibility_date,
        compatibilityFlags: config.compatibility_flags,
        d1Databases: workerOptions.d1Databases,
        r2Buckets: workerOptions.r2Buckets,
        kvNamespaces: workerOptions.kvNamespaces,
        ...worker,
        bindings: { ...vars, ...worker.bindings },
      },
    ],
  });
  try {
    await mf.ready;
  } catch (error) {
    await mf.dispose().catch(() => undefined);
    throw error;
  }
  return { mf, vars };
}
