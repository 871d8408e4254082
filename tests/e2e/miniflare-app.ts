// The built app served for the end-to-end tests by Miniflare: the same package (and so the same workerd) that
// `wrangler dev` runs, resolved from wrangler's own dependencies, with the bindings wrangler reads from the
// config. Not `wrangler dev` itself: in front of the Worker it runs a second workerd, a proxy whose pooled
// connections to the Worker race kj's five-second keep-alive close. wrangler 4.86 takes a connection lost that
// way for a reload of the Worker: it answers a POST with 503 ('Your worker restarted mid-request') and holds a
// GET until some other request comes in, which for a page load waiting on its document is never
// (docs/testing.md, 'Why Miniflare'). Without it there is also no file watcher to restart the server when a
// file changes during a run, and one process fewer per request.
import { spawn } from "node:child_process";
import { createWriteStream, readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import type { Readable, Writable } from "node:stream";
import { unstable_getMiniflareWorkerOptions, unstable_readConfig } from "wrangler";
import { testServeArgs } from "../../scripts/build-dirs.mjs";

/** What this file uses of Miniflare 4 (the types installed at the top are @cloudflare/vitest-plugin's Miniflare 5). */
type MiniflareModule = {
  Miniflare: new (options: Record<string, unknown>) => { ready: Promise<URL>; dispose(): Promise<void> };
  Log: new (level: number) => { log(message: string): void };
  LogLevel: { INFO: number };
};
// wrangler's Miniflare, not the one @cloudflare/vitest-plugin brings (another major version and workerd).
const fromWrangler = createRequire(createRequire(import.meta.url).resolve("wrangler/package.json"));
const { Miniflare, Log, LogLevel } = fromWrangler("miniflare") as MiniflareModule;

export type TestBundle = { script: string; config: string };

/**
 * Bundles `entry` as `wrangler deploy` would, with the test configuration (the test build, the development
 * tools): the one Worker script every server of the run serves. Runs beside whatever the caller does next.
 */
export async function bundleTestWorker(entry: string, outdir: string): Promise<TestBundle> {
  const args = testServeArgs();
  const child = spawn("npx", ["wrangler", "deploy", entry, "--dry-run", "--outdir", outdir, ...args], {
    env: { ...process.env, WRANGLER_SEND_METRICS: "false", CI: "1" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (d: Buffer) => (output += d));
  child.stderr.on("data", (d: Buffer) => (output += d));
  const code = await new Promise<number | null>((resolve) => child.on("close", resolve));
  const script = readdirSync(outdir).find((f) => f.endsWith(".js"));
  if (code !== 0 || !script) throw new Error(`bundling ${entry} failed:\n${output}`);
  return { script: join(outdir, script), config: args[args.indexOf("--config") + 1] };
}

/** Miniflare's log lines (requests, warnings) into the server's own file in test-results/. */
class FileLog extends Log {
  constructor(private readonly out: Writable) {
    super(LogLevel.INFO);
  }
  override log(message: string) {
    this.out.write(`${message}\n`);
  }
}

export type ServedApp = { url: string; logFile: string; stop: () => Promise<void> };

/**
 * Serves `bundle` over the store in `persistDir` (laid out as `wrangler dev --persist-to` lays it out, so
 * `wrangler d1 migrations apply` and the seed prepare it), on a free loopback port. `vars` are added to the
 * config's and .dev.vars' variables.
 */
export async function serveWithMiniflare(opts: {
  bundle: TestBundle;
  persistDir: string;
  vars?: Record<string, string>;
  name: string;
}): Promise<ServedApp> {
  const { workerOptions } = unstable_getMiniflareWorkerOptions(opts.bundle.config);
  // The config's name, as `wrangler dev` names the Worker: Durable Objects' storage is kept under it.
  const { name } = unstable_readConfig({ config: opts.bundle.config }) as { name: string };
  const logFile = `test-results/${opts.name}-${Date.now().toString(36)}.log`;
  const out = createWriteStream(logFile);
  const mf = new Miniflare({
    host: "127.0.0.1",
    port: 0,
    defaultPersistRoot: join(opts.persistDir, "v3"),
    // The fallback request.cf, never one fetched from the network: a run does not depend on it.
    cf: false,
    log: new FileLog(out),
    handleRuntimeStdio(stdout: Readable, stderr: Readable) {
      stdout.pipe(out, { end: false });
      stderr.pipe(out, { end: false });
    },
    workers: [
      {
        ...(workerOptions as object),
        name,
        // The bundle as one module, given whole as wrangler gives its own (Miniflare cannot follow the
        // dynamic imports a bundle keeps).
        modulesRoot: dirname(opts.bundle.script),
        modules: [{ type: "ESModule", path: opts.bundle.script, contents: readFileSync(opts.bundle.script, "utf8") }],
        bindings: { ...workerOptions.bindings, ...opts.vars },
      },
    ],
  });
  const url = (await mf.ready).origin;
  return {
    url,
    logFile,
    async stop() {
      await mf.dispose();
      out.end();
    },
  };
}
