// `npm test`: every test, in parallel legs. Makes sure Chromium is there, then at once builds the app and runs
// the unit tests; once the build is in, the workerd leg and the end-to-end leg run side by side while lint and
// the type check overlap them. Each leg's output is streamed with its name in front and kept in
// test-results/<leg>.log. Ends with each leg's time and one plain 'Tests: N passed, N failed' line, and fails
// if any leg or check fails.
//   node scripts/test.mjs [--changed[=REF]] [vitest filters…]
// --changed runs only the tests that the uncommitted change (or the change since REF) reaches, and no lint or
// type check: the inner loop (README, 'Tests').
import { spawn, spawnSync } from "node:child_process";
import { createWriteStream, existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import { loadavg } from "node:os";
import { buildEnv, TEST_BUILD_DIR } from "./build-dirs.mjs";
import { buildInputsHash, isCurrent, stamp } from "./build-inputs.mjs";
import { ensureDevVars } from "./dev-vars.mjs";
import { makeRunTempDir } from "./run-temp-dir.mjs";

export const CHROMIUM = process.env.CHROMIUM_PATH || "/usr/bin/chromium";

function runSync(cmd, args, opts = {}) {
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
    runSync("apt-get", ["update"], { env }) !== 0 ||
    runSync("apt-get", ["install", "-y", "--no-install-recommends", "chromium"], { env }) !== 0
  ) {
    console.error("Installing chromium failed; install it by hand: apt-get update && apt-get install -y chromium");
    process.exit(1);
  }
}

const started = Date.now();
// The machine may be shared: the load beside the times says how much of them was others' work.
const loadAtStart = loadavg()[0];
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
const timings = [];

/**
 * Processor time of this process's children that have ended, in ms (Linux: /proc/self/stat's cutime and
 * cstime, at 100 ticks a second). A child's figure includes its own ended children, so the growth seen
 * when a step exits is that step's whole tree: the work it did, whatever else ran on the machine.
 */
function endedChildrenCpuMs() {
  try {
    const stat = readFileSync("/proc/self/stat", "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[13]) + Number(fields[14])) * 10;
  } catch {
    return NaN;
  }
}
let cpuSeen = endedChildrenCpuMs();

/**
 * Runs one step as a child process, its output streamed line by line behind `[name]` and kept in
 * test-results/<name>.log. Resolves to its exit status; records when it started and how long it took.
 */
function step(name, cmd, args, env = process.env, { niceness = 0 } = {}) {
  const at = Date.now();
  const log = createWriteStream(`test-results/${name}.log`);
  const [file, argv] = niceness ? ["nice", ["-n", String(niceness), cmd, ...args]] : [cmd, args];
  const child = spawn(file, argv, { env, stdio: ["ignore", "pipe", "pipe"] });
  const relay = (stream, out) => {
    let rest = "";
    stream.on("data", (chunk) => {
      log.write(chunk);
      const lines = (rest + chunk).split("\n");
      rest = lines.pop();
      for (const line of lines) out.write(`[${name}] ${line}\n`);
    });
    stream.on("end", () => rest && out.write(`[${name}] ${rest}\n`));
  };
  relay(child.stdout, process.stdout);
  relay(child.stderr, process.stderr);
  let cpuMs = NaN;
  child.on("exit", () => {
    const now = endedChildrenCpuMs();
    cpuMs = now - cpuSeen;
    cpuSeen = now;
  });
  return new Promise((resolve) => {
    child.on("close", (code) => {
      log.end();
      timings.push({ name, startedAt: at - started, ms: Date.now() - at, cpuMs, status: code ?? 1 });
      resolve(code ?? 1);
    });
  });
}

/** One vitest project as its own process, with its JSON report in test-results/vitest-<project>.json. */
function leg(project, extra, niceness = 0) {
  const report = `test-results/vitest-${project}.json`;
  rmSync(report, { force: true });
  return step(
    project,
    "npx",
    [
      "vitest",
      "run",
      "--project",
      project,
      "--passWithNoTests",
      "--reporter=default",
      "--reporter=json",
      `--outputFile.json=${report}`,
      ...extra,
    ],
    { ...process.env, CHROMIUM_PATH: CHROMIUM, NO_COLOR: process.env.NO_COLOR ?? "1" },
    { niceness },
  );
}

/** The leg's 10 slowest test files, from its JSON report: where to look first when the loop grows. */
function printSlowest(project) {
  const report = readReport(project);
  if (!report?.testResults?.length) return;
  const files = report.testResults
    .map((f) => ({
      name: f.name.replace(`${process.cwd()}/`, ""),
      ms: f.endTime - f.startTime,
      n: f.assertionResults.length,
    }))
    .sort((a, b) => b.ms - a.ms)
    .slice(0, 10);
  console.log(`Slowest files (${project}):`);
  for (const f of files) console.log(`  ${seconds(f.ms).padStart(8)}  ${f.name} (${f.n} test${f.n === 1 ? "" : "s"})`);
}

/** Each failing test by file and name, with its message's first lines: the end of the output is often all a
 *  CI log keeps, so the failure must be named there and not only in the leg's scrolled-away output. */
function printFailures(project) {
  const report = readReport(project);
  for (const file of report?.testResults ?? [])
    for (const t of file.assertionResults)
      if (t.status === "failed") {
        console.log(`FAILED (${project}) ${file.name.replace(`${process.cwd()}/`, "")} > ${t.fullName}`);
        const message = (t.failureMessages ?? []).join("\n").split("\n").slice(0, 6);
        for (const line of message) console.log(`    ${line.slice(0, 300)}`);
      }
}

function readReport(project) {
  try {
    return JSON.parse(readFileSync(`test-results/vitest-${project}.json`, "utf8"));
  } catch {
    return null;
  }
}

ensureChromium();
// wrangler.toml is production; the app under test runs as local development (see scripts/dev-vars.mjs).
ensureDevVars();
mkdirSync("test-results", { recursive: true });
// Every step's throwaway files (stores, uploads, browser profiles) in one folder, in memory where the machine
// allows, removed at the end: scripts/run-temp-dir.mjs.
const runTemp = makeRunTempDir();
process.env.TMPDIR = runTemp.dir;
console.log(`Throwaway files in ${runTemp.dir}${runTemp.inMemory ? " (memory)" : ""}, removed at the end.`);
for (const [signal, code] of [
  ["SIGINT", 130],
  ["SIGTERM", 143],
  ["SIGHUP", 129],
])
  process.on(signal, () => {
    runTemp.remove();
    process.exit(code);
  });

const cli = process.argv.slice(2);
const changed = cli.find((a) => a === "--changed" || a.startsWith("--changed="));
const filters = cli.filter((a) => a !== changed);
const vitestArgs = changed ? [changed, ...filters] : filters;

/**
 * With --changed, whether the change reaches any of `project`'s test files (vitest lists them without running
 * anything): a leg nothing reaches is skipped, and so is the build when no leg that needs it is left.
 */
function reached(project) {
  if (!changed) return true;
  const r = spawnSync("npx", ["vitest", "list", "--project", project, "--filesOnly", ...vitestArgs], {
    encoding: "utf8",
    env: { ...process.env, NO_COLOR: "1" },
  });
  const files = r.status === 0 ? r.stdout.split("\n").filter((line) => line.includes(".test.")) : [];
  console.log(`${project}: ${files.length ? `${files.length} test file(s) reached` : "nothing reached, skipped"}`);
  return files.length > 0;
}

const [runUnit, runWorkers, runE2e] = ["unit", "workers", "e2e"].map(reached);
const legs = [];
const running = [];
if (runUnit) {
  legs.push("unit");
  running.push(leg("unit", vitestArgs));
}
// The build gates the workerd and end-to-end legs; the unit tests need none and run beside it.
// Into build-test/, never build/: a running `npm start` keeps serving its own files.
// Skipped when nothing it is made from changed since it was made (scripts/build-inputs.mjs).
const buildInputs = buildInputsHash(process.cwd());
const BUILD_STAMP = `${TEST_BUILD_DIR}/inputs.json`;
const BUILD_OUTPUT = `${TEST_BUILD_DIR}/server/index.js`;
async function testBuild() {
  if (isCurrent(BUILD_STAMP, BUILD_OUTPUT, buildInputs)) {
    console.log(`[build] ${TEST_BUILD_DIR}/ is current: nothing it is built from changed since it was built.`);
    return 0;
  }
  const status = await step(
    "build",
    "npx",
    ["remix", "vite:build"],
    buildEnv(TEST_BUILD_DIR, process.env, { minify: "esbuild" }),
  );
  if (status === 0) stamp(BUILD_STAMP, BUILD_OUTPUT, buildInputs);
  return status;
}
const buildStatus = runWorkers || runE2e ? await testBuild() : 0;
if (buildStatus !== 0) {
  console.error("The build failed: the workerd and end-to-end legs need it and did not run.");
} else {
  // Side by side, the workerd leg a little behind (nice 2), since the end-to-end leg ends last; the checks below
  // yield to both (docs/testing.md, 'What npm test does').
  if (runWorkers) {
    legs.push("workers");
    running.push(leg("workers", vitestArgs, 2));
  }
  if (runE2e) {
    legs.push("e2e");
    running.push(leg("e2e", vitestArgs));
  }
}
// The rules a machine keeps fail the run like a failing test, but run after the tests have started, so one
// stray format slip neither hides what the tests would say nor holds them up.
// Two lanes, under nice, in what the tests leave: lint, and beside it the production build's check (no
// development tools in what a deploy ships: scripts/check-production-build.mjs) then typecheck. Behind lint,
// the type check ended last of all on a fresh clone; behind the check, which a warm run skips, it ends first.
const lanes = changed ? [] : [["lint"], ["check:production", "typecheck"]];
const checking = Promise.all(
  lanes.map(async (scripts) => {
    const failed = [];
    for (const script of scripts)
      if ((await step(script, "npm", ["run", "--silent", script], process.env, { niceness: 10 })) !== 0)
        failed.push(script);
    return failed;
  }),
).then((lists) => lists.flat());
const statuses = await Promise.all(running);
const failedChecks = await checking;

let passed = 0;
let failed = 0;
let skipped = 0;
let total = 0;
const broken = [];
legs.forEach((project, i) => {
  const report = readReport(project);
  if (!report) {
    broken.push(project);
    return;
  }
  passed += report.numPassedTests;
  failed += report.numFailedTests;
  skipped += report.numPendingTests + report.numTodoTests;
  total += report.numTotalTests;
  if (statuses[i] !== 0 && report.numFailedTests === 0) broken.push(project);
});

console.log("\nTimes (from the start of npm test):");
for (const t of timings.sort((a, b) => a.startedAt - b.startedAt)) {
  const report = legs.includes(t.name) ? readReport(t.name) : null;
  const count = report ? `, ${report.numPassedTests} passed, ${report.numFailedTests} failed` : "";
  console.log(
    `  ${t.name.padEnd(10)} ${seconds(t.ms).padStart(8)}  (from ${seconds(t.startedAt)}; processor ${seconds(t.cpuMs)})${t.status ? "  FAILED" : ""}${count}`,
  );
}
console.log(`  ${"all".padEnd(10)} ${seconds(Date.now() - started).padStart(8)}`);
console.log(`Load average (1 min): ${loadAtStart.toFixed(1)} at the start, ${loadavg()[0].toFixed(1)} at the end`);
for (const project of legs) printSlowest(project);
for (const project of legs) printFailures(project);
if (buildStatus !== 0) failed += 1;
if (broken.length) console.log(`Legs that failed without a failing test: ${broken.join(", ")} (see test-results/)`);
if (failedChecks.length)
  console.log(`Checks failed: ${failedChecks.join(", ")} (npm run ${failedChecks.join(", npm run ")})`);
console.log(`Tests: ${passed} passed, ${failed + broken.length} failed${skipped ? `, ${skipped} skipped` : ""}`);
runTemp.remove();
const ok = buildStatus === 0 && failed === 0 && broken.length === 0 && failedChecks.length === 0;
process.exit(ok && (total > 0 || changed) ? 0 : 1);
