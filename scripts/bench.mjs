#!/usr/bin/env node
// `npm run bench`: builds the app when needed, then runs scripts/bench/main.ts (bundled with esbuild,
// like the seed) and prints the figures. `--seconds N` sets the load time per URL (default 10).
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { bundleAndImport, ROOT } from "./bundle.mjs";

if (!existsSync(`${ROOT}/build/server/index.js`) || process.argv.includes("--build")) {
  const r = spawnSync("npx", ["remix", "vite:build"], { cwd: ROOT, stdio: "inherit" });
  if (r.status !== 0) process.exit(1);
}
process.chdir(ROOT);
try {
  const bench = await bundleAndImport("scripts/bench/main.ts", "bench");
  process.exit(await bench.main(process.argv.slice(2)));
} catch (error) {
  console.error(error);
  process.exit(1);
}
