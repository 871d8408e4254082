#!/usr/bin/env node
// `npm run bench`: builds the app when needed, then runs scripts/bench/main.ts (bundled with esbuild,
// like the seed) and prints the figures. Options: see scripts/bench/main.ts (--quick, --seconds N, --soak N,
// --lighthouse, --rows-only, --build).
import { spawnSync } from "node:child_process";
import { buildEnv, TEST_BUILD_DIR } from "./build-dirs.mjs";
import { buildInputsHash, isCurrent, stamp } from "./build-inputs.mjs";
import { bundleAndImport, ROOT } from "./bundle.mjs";

// The benchmark serves build-test/ (tests/e2e/server.ts), so a running `npm start` is left alone. It measures
// what a deploy ships, minified by terser, so it builds again unless the build there is its own and current:
// `npm test` builds the same directory with esbuild's minifier (vite.config.ts).
const OUTPUT = `${ROOT}/${TEST_BUILD_DIR}/server/index.js`;
const STAMP = `${ROOT}/${TEST_BUILD_DIR}/bench-inputs.json`;
const inputs = buildInputsHash(ROOT);
if (process.argv.includes("--build") || !isCurrent(STAMP, OUTPUT, inputs)) {
  const r = spawnSync("npx", ["remix", "vite:build"], { cwd: ROOT, stdio: "inherit", env: buildEnv(TEST_BUILD_DIR) });
  if (r.status !== 0) process.exit(1);
  stamp(STAMP, OUTPUT, inputs);
}
process.chdir(ROOT);
try {
  const bench = await bundleAndImport("scripts/bench/main.ts", "bench");
  process.exit(await bench.main(process.argv.slice(2)));
} catch (error) {
  console.error(error);
  process.exit(1);
}
