#!/usr/bin/env node
// `npm run bench`: builds the app when needed, then runs scripts/bench/main.ts (bundled with esbuild,
// like the seed) and prints the figures. Options: see scripts/bench/main.ts (--quick, --seconds N, --soak N,
// --lighthouse, --rows-only, --build).
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { buildEnv, TEST_BUILD_DIR } from "./build-dirs.mjs";
import { bundleAndImport, ROOT } from "./bundle.mjs";

// The benchmark serves the test build (tests/e2e/server.ts), so a running `npm start` is left alone.
if (!existsSync(`${ROOT}/${TEST_BUILD_DIR}/server/index.js`) || process.argv.includes("--build")) {
  const r = spawnSync("npx", ["remix", "vite:build"], { cwd: ROOT, stdio: "inherit", env: buildEnv(TEST_BUILD_DIR) });
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
