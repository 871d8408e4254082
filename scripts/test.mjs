// `npm test`: every test. Makes sure Chromium is there, builds the app, then runs the unit,
// workerd and end-to-end projects, and ends with a plain 'Tests: N passed, N failed' line.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import { buildEnv, TEST_BUILD_DIR } from "./build-dirs.mjs";
import { ensureDevVars } from "./dev-vars.mjs";

export const CHROMIUM = process.env.CHROMIUM_PATH || "/usr/bin/chromium";

function run(cmd, args, opts = {}) {
  const r = spawnSync(cmd, args, { stdio: "inherit", ...opts });
  return r.status ?? 1;
}

function ensureChromium() {
  if (existsSync(CHROMIUM)) return;
  const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
  if (!isRoot) {
    console.error(
      `No Chromium at ${CHROMIUM}. The end-to-end tests drive Debian's chromium package:\n` +
        "  sudo apt-get update && sudo apt-get install -y chromium\n" +
        "or point CHROMIUM_PATH at another Chromium binary.",
    );
    process.exit(1);
  }
  console.log("No Chromium found: installing Debian's chromium package (apt-get update first)...");
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  if (
    run("apt-get", ["update"], { env }) !== 0 ||
    run("apt-get", ["install", "-y", "--no-install-recommends", "chromium"], { env }) !== 0
  ) {
    console.error("Installing chromium failed; install it by hand: apt-get update && apt-get install -y chromium");
    process.exit(1);
  }
}

ensureChromium();
// wrangler.toml is production; the app under test runs as local development (see scripts/dev-vars.mjs).
ensureDevVars();
// The rules a machine keeps (issue 11) fail the run like a failing test. The tests still run after a
// failed check, so one stray format slip does not hide what the tests would have said.
const failedChecks = ["lint", "typecheck"].filter((script) => run("npm", ["run", "--silent", script]) !== 0);
if (failedChecks.length) console.error(`Failed: npm run ${failedChecks.join(", npm run ")}`);
// Into build-test/, never build/: a running `npm start` keeps serving its own files.
if (run("npx", ["remix", "vite:build"], { env: buildEnv(TEST_BUILD_DIR) }) !== 0) process.exit(1);

mkdirSync("test-results", { recursive: true });
const args = [
  "vitest",
  "run",
  "--reporter=default",
  "--reporter=json",
  "--outputFile.json=test-results/vitest.json",
  ...process.argv.slice(2),
];
const status = run("npx", args, { env: { ...process.env, CHROMIUM_PATH: CHROMIUM } });

try {
  const report = JSON.parse(readFileSync("test-results/vitest.json", "utf8"));
  const skipped = report.numPendingTests + report.numTodoTests;
  console.log(
    `Tests: ${report.numPassedTests} passed, ${report.numFailedTests} failed${skipped ? `, ${skipped} skipped` : ""}`,
  );
  if (failedChecks.length) console.log(`Checks failed: ${failedChecks.join(", ")}`);
  if (report.numTotalTests === 0 || failedChecks.length) process.exit(1);
} catch {
  console.log("Tests: 0 passed, 1 failed");
  process.exit(1);
}
process.exit(status);
