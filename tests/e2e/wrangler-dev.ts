// One way to serve a built Remix app with `wrangler dev` for the e2e tests and the benchmark: a free port,
// wrangler's output kept in test-results/ (a server that dies mid-run can be diagnosed), a wait until it
// answers, and a stop that takes down its whole process group (wrangler and its workerd).
import { spawn, spawnSync } from "node:child_process";
import { appendFileSync, mkdirSync } from "node:fs";
import { createServer } from "node:net";

const QUIET_WRANGLER = { WRANGLER_SEND_METRICS: "false", CI: "1" };

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, "127.0.0.1", () => {
      const port = (srv.address() as { port: number }).port;
      srv.close(() => resolve(port));
    });
    srv.on("error", reject);
  });
}

/** Runs a setup command (install, migrate, seed, build) and throws with its output when it fails. */
export function mustRun(cmd: string, args: string[], cwd?: string) {
  // wrangler's migration tables outgrow spawnSync's 1 MB default (a silent ENOBUFS failure): a roomier buffer.
  const r = spawnSync(cmd, args, {
    cwd,
    encoding: "utf8",
    env: { ...process.env, ...QUIET_WRANGLER },
    maxBuffer: 256 * 1024 * 1024,
  });
  if (r.status !== 0)
    throw new Error(`${cmd} ${args.join(" ")} failed:\n${r.error ?? ""}\n${r.stdout?.slice(-4000)}\n${r.stderr}`);
}

/** `inspectorPort`: workerd's DevTools inspector (the benchmark's CPU profiles attach to it). */
export type WranglerDev = { url: string; logFile: string; inspectorPort: number; stop: () => Promise<void> };

/**
 * `wrangler dev` with `args` (port and address are added) in `cwd`, answered once `readyPath` returns 2xx.
 * `name` labels the log file: test-results/wrangler-{name}-{port}.log.
 */
export async function serveWithWranglerDev(opts: {
  name: string;
  args: string[];
  readyPath: string;
  cwd?: string;
}): Promise<WranglerDev> {
  const port = await freePort();
  // Its own inspector port too: two servers at once (one per test worker) would both take 9229.
  const inspectorPort = await freePort();
  const child = spawn(
    "npx",
    [
      "wrangler",
      "dev",
      ...opts.args,
      "--port",
      String(port),
      "--ip",
      "127.0.0.1",
      "--show-interactive-dev-session=false",
      "--inspector-port",
      String(inspectorPort),
    ],
    { cwd: opts.cwd, env: { ...process.env, ...QUIET_WRANGLER }, stdio: ["ignore", "pipe", "pipe"], detached: true },
  );
  mkdirSync("test-results", { recursive: true });
  const logFile = `test-results/wrangler-${opts.name}-${port}.log`;
  let log = "";
  const keep = (d: Buffer) => {
    log += d;
    appendFileSync(logFile, d);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode != null) console.error(`wrangler dev had already exited (${child.exitCode}); see ${logFile}`);
    try {
      process.kill(-child.pid!, "SIGTERM");
    } catch {
      // Already gone.
    }
    await new Promise((r) => setTimeout(r, 500));
  };
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode != null) throw new Error(`${opts.name}: wrangler dev exited:\n${log}`);
    try {
      const res = await fetch(`${url}${opts.readyPath}`);
      await res.arrayBuffer();
      if (res.ok) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`${opts.name}: wrangler dev did not start in 90 s:\n${log}`);
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  return { url, logFile, inspectorPort, stop };
}
