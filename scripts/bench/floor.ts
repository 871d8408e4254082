// The framework floor (Targets): /work/shared/anchors/remix-floor, a minimal Remix page reading
// one D1 row, copied under node_modules/.cache/bench/floor, installed, migrated and built once (again only
// when the anchor's files change), and served by its own `wrangler dev` beside the app so that both are
// measured in one run on the same noisy machine.
import { createHash } from "node:crypto";
import {
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
import { join, resolve } from "node:path";
import { mustRun, serveWithWranglerDev } from "../../tests/e2e/wrangler-dev";

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
  mustRun("npm", ["install", "--no-audit", "--no-fund"], FLOOR_DIR);
  // The floor's own wrangler, run again when its platform proxy lost an answer (scripts/wrangler-d1.mjs).
  mustRun("node", [resolve("scripts/wrangler-d1.mjs"), "migrations", "apply", "probe-db", "--local"], FLOOR_DIR);
  mustRun("npx", ["remix", "vite:build"], FLOOR_DIR);
  writeFileSync(MARKER, hash);
  return FLOOR_DIR;
}

/** One of the floor's built client assets: the platform floor (a static file through wrangler dev). */
export function floorAssetPath(dir = FLOOR_DIR): string {
  const name = readdirSync(join(dir, "build", "client", "assets")).find((f) => f.endsWith(".js"));
  if (!name) throw new Error("floor: no built asset");
  return `/assets/${name}`;
}

/** Serves the built floor with its own wrangler (the version its lockfile pins) on a free port. */
export async function startFloor(dir = FLOOR_DIR): Promise<Served> {
  return serveWithWranglerDev({ name: "floor", args: [], readyPath: "/", cwd: dir });
}
