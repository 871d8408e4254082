// The framework floor (issue 14, Targets): /work/shared/anchors/remix-floor, a minimal Remix page reading
// one D1 row, copied under node_modules/.cache/bench/floor, installed, migrated and built once (again only
// when the anchor's files change), and served by its own `wrangler dev` beside the app so that both are
// measured in one run on the same noisy machine.
import { spawn, spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import {
  appendFileSync,
  chmodSync,
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { createServer } from "node:net";
import { join } from "node:path";

export const FLOOR_SOURCE = process.env.BENCH_FLOOR_SOURCE ?? "/work/shared/anchors/remix-floor";
const FLOOR_DIR = join("node_modules", ".cache", "bench", "floor");
// Written last, holding the hash of the anchor's files it was built from.
const MARKER = join(FLOOR_DIR, ".bench-built");

export type Served = { url: string; stop: () => Promise<void> };

/** The anchor's own files (not what an install or build adds), hashed to notice when it changes. */
function sourceHash(dir: string): string {
  const hash = createHash("sha256");
  const walk = (sub: string) => {
    for (const name of readdirSync(join(dir, sub)).sort()) {
      if (["node_modules", "build", ".wrangler"].includes(name)) continue;
      const rel = join(sub, name);
      if (statSync(join(dir, rel)).isDirectory()) walk(rel);
      else
        hash
          .update(rel)
          .update("\0")
          .update(readFileSync(join(dir, rel)))
          .update("\0");
    }
  };
  walk("");
  return hash.digest("hex");
}

function makeWritable(path: string) {
  const st = statSync(path);
  chmodSync(path, st.mode | 0o200);
  if (st.isDirectory()) for (const name of readdirSync(path)) makeWritable(join(path, name));
}

function run(cmd: string, args: string[], cwd: string) {
  const r = spawnSync(cmd, args, {
    cwd,
    encoding: "utf8",
    env: { ...process.env, CI: "1", WRANGLER_SEND_METRICS: "false" },
  });
  if (r.status !== 0) throw new Error(`floor: ${cmd} ${args.join(" ")} failed:\n${r.stdout}\n${r.stderr}`);
}

/** Copies, installs, migrates and builds the floor unless the cached copy was built from the same files. */
export function ensureFloor(): string {
  if (!existsSync(FLOOR_SOURCE)) throw new Error(`floor: ${FLOOR_SOURCE} is missing (set BENCH_FLOOR_SOURCE)`);
  const hash = sourceHash(FLOOR_SOURCE);
  if (existsSync(MARKER) && readFileSync(MARKER, "utf8") === hash) return FLOOR_DIR;
  console.log(`Building the framework floor from ${FLOOR_SOURCE} into ${FLOOR_DIR} (once) ...`);
  rmSync(FLOOR_DIR, { recursive: true, force: true });
  mkdirSync(FLOOR_DIR, { recursive: true });
  cpSync(FLOOR_SOURCE, FLOOR_DIR, { recursive: true });
  // The anchor is read-only; its copy must take node_modules, a build and a local store.
  makeWritable(FLOOR_DIR);
  // As its README says: `npm install` (its lockfile lacks the optional platform packages `npm ci` wants).
  run("npm", ["install", "--no-audit", "--no-fund"], FLOOR_DIR);
  run("npx", ["wrangler", "d1", "migrations", "apply", "probe-db", "--local"], FLOOR_DIR);
  run("npx", ["remix", "vite:build"], FLOOR_DIR);
  writeFileSync(MARKER, hash);
  return FLOOR_DIR;
}

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

/** One of the floor's built client assets: the platform floor (a static file through wrangler dev). */
export function floorAssetPath(dir = FLOOR_DIR): string {
  const name = readdirSync(join(dir, "build", "client", "assets")).find((f) => f.endsWith(".js"));
  if (!name) throw new Error("floor: no built asset");
  return `/assets/${name}`;
}

/** Serves the built floor with its own wrangler (the version its lockfile pins) on a free port. */
export async function startFloor(dir = FLOOR_DIR): Promise<Served> {
  const port = await freePort();
  const child = spawn(
    "npx",
    ["wrangler", "dev", "--port", String(port), "--ip", "127.0.0.1", "--show-interactive-dev-session=false"],
    {
      cwd: dir,
      env: { ...process.env, WRANGLER_SEND_METRICS: "false", CI: "1" },
      stdio: ["ignore", "pipe", "pipe"],
      detached: true,
    },
  );
  mkdirSync("test-results", { recursive: true });
  const logFile = join("test-results", `wrangler-floor-${port}.log`);
  let log = "";
  const keep = (d: Buffer) => {
    log += d;
    appendFileSync(logFile, d);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode != null) throw new Error(`floor: wrangler dev exited:\n${log}`);
    try {
      const res = await fetch(`${url}/`);
      await res.arrayBuffer();
      if (res.ok) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) throw new Error(`floor: wrangler dev did not start in 90 s:\n${log}`);
    await new Promise((r) => setTimeout(r, 300));
  }
  return {
    url,
    async stop() {
      try {
        process.kill(-child.pid!, "SIGTERM");
      } catch {
        // Already gone.
      }
      await new Promise((r) => setTimeout(r, 500));
    },
  };
}
