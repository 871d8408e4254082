// Starts the built app with `wrangler dev` on a free port, over its own freshly migrated and seeded store,
// so a run never touches the demo data of `npm start` and two runs cannot collide.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { appendFileSync, existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ensureDevVars } from "../../scripts/dev-vars.mjs";

export type AppServer = { url: string; persistDir: string; stop: () => Promise<void> };

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, "127.0.0.1", () => {
      const port = (srv.address() as { port: number }).port;
      srv.close(() => resolve(port));
    });
    srv.on("error", reject);
  });
}

function must(cmd: string, args: string[]) {
  const r = spawnSync(cmd, args, {
    encoding: "utf8",
    env: { ...process.env, CI: "1", WRANGLER_SEND_METRICS: "false" },
  });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(" ")} failed:\n${r.stdout}\n${r.stderr}`);
}

export function prepareStore(persistDir: string, listings: number) {
  must("npx", ["wrangler", "d1", "migrations", "apply", "DB", "--local", "--persist-to", persistDir]);
  must("node", ["scripts/seed.mjs", "--persist-to", persistDir, "--quiet", "--listings", String(listings)]);
}

/**
 * `persistDir` reuses a store prepared earlier (the benchmark's 10,000 listings) and keeps it;
 * otherwise a temporary store is made, seeded and removed at stop.
 */
export async function startApp(opts: { listings?: number; persistDir?: string } = {}): Promise<AppServer> {
  if (!existsSync("build/server/index.js"))
    throw new Error("No build: run `npm test` (it builds) or `npm run build` first.");
  // The committed config is production; the app under test runs as local development (.dev.vars).
  ensureDevVars();
  const keep = Boolean(opts.persistDir);
  const persistDir = opts.persistDir ?? mkdtempSync(join(tmpdir(), "nz-e2e-"));
  if (!keep) prepareStore(persistDir, opts.listings ?? 72);
  const port = await freePort();
  const child: ChildProcess = spawn(
    "npx",
    [
      "wrangler",
      "dev",
      "--port",
      String(port),
      "--ip",
      "127.0.0.1",
      "--persist-to",
      persistDir,
      "--show-interactive-dev-session=false",
    ],
    {
      env: { ...process.env, WRANGLER_SEND_METRICS: "false", CI: "1" },
      stdio: ["ignore", "pipe", "pipe"],
      detached: true,
    },
  );
  // wrangler's output goes to a file, so a server that dies mid-run can be diagnosed.
  mkdirSync("test-results", { recursive: true });
  const logFile = `test-results/wrangler-${port}.log`;
  let log = "";
  const keepLog = (d: Buffer) => {
    log += d;
    appendFileSync(logFile, d);
  };
  child.stdout?.on("data", keepLog);
  child.stderr?.on("data", keepLog);
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode != null) throw new Error(`wrangler dev exited:\n${log}`);
    try {
      const res = await fetch(`${url}/api/placeholder/1/1`);
      if (res.ok) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) throw new Error(`wrangler dev did not start in 90 s:\n${log}`);
    await new Promise((r) => setTimeout(r, 300));
  }
  return {
    url,
    persistDir,
    async stop() {
      if (child.exitCode != null) console.error(`wrangler dev had already exited (${child.exitCode}); see ${logFile}`);
      try {
        process.kill(-child.pid!, "SIGTERM");
      } catch {
        // Already gone.
      }
      await new Promise((r) => setTimeout(r, 500));
      if (!keep) rmSync(persistDir, { recursive: true, force: true });
    },
  };
}
