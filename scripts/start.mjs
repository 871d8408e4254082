#!/usr/bin/env node
// `npm start`: from a fresh clone (after `npm install`) to the site running locally with demo data.
//   1. `remix vite:build`, unless build/server/index.js is newer than every source file
//   2. apply the D1 migrations to the local state in .wrangler/state
//   3. seed the demo data when the database has no users yet
//   4. print the URL and the demo logins
//   5. run `wrangler dev` on the build (Ctrl-C stops it)
// PORT overrides the port (default 8787).
import { spawn } from "node:child_process";
import { realpathSync } from "node:fs";
import { readdir, stat, writeFile } from "node:fs/promises";
import net from "node:net";
import { constants } from "node:os";
import path from "node:path";
import { ensureDevVars } from "./dev-vars.mjs";
import { loadSeedModule, ROOT } from "./seed.mjs";
import { APP_BUILD_DIR, buildEnv, DEV_TOOLS_DEFINE } from "./build-dirs.mjs";

const PORT = Number(process.env.PORT) || 8787;
const URL = `http://localhost:${PORT}`;
const PERSIST_TO = ".wrangler/state";
// What the Remix build reads. A change in any of these (by modification time) triggers a rebuild.
const BUILD_INPUTS = ["app", "workers", "drizzle", "public", "vite.config.ts", "package.json"];
const BUILD_OUTPUT = path.join(ROOT, "build", "server", "index.js");
const ENV = { ...process.env, WRANGLER_SEND_METRICS: "false" };
const isWindows = process.platform === "win32";

/** The child process currently running, so a signal reaches it whichever step we are in. */
let current = null;
let stopping = null;

function onSignal(signal) {
  if (stopping) {
    // A second Ctrl-C: stop waiting for a graceful exit.
    current?.kill("SIGKILL");
    process.exit(128 + constants.signals[signal]);
  }
  stopping = signal;
  if (!current) process.exit(128 + constants.signals[signal]);
  // From a terminal, Ctrl-C already reached the child (same process group): give it a moment to act on
  // that one before sending ours, so it does not see two. SIGTERM from `kill` reaches only us: pass it on now.
  const child = current;
  setTimeout(
    () => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    },
    signal === "SIGINT" ? 300 : 0,
  ).unref();
}
process.on("SIGINT", onSignal);
process.on("SIGTERM", onSignal);

/**
 * Starts a package's command the way `npx <name>` would, but runs its script with this Node directly:
 * with npm in between, a SIGTERM stops npm and leaves wrangler and workerd running.
 */
function spawnBin(name, args, env = ENV) {
  if (isWindows) return spawn("npx", [name, ...args], { cwd: ROOT, env, stdio: "inherit", shell: true });
  const script = realpathSync(path.join(ROOT, "node_modules", ".bin", name));
  return spawn(process.execPath, [script, ...args], { cwd: ROOT, env, stdio: "inherit" });
}

/** A failed step of `npm start`: what it was doing and what to do about it. */
class StepError extends Error {
  constructor(step, how, advice) {
    super(`npm start failed while ${step} (${how}).\n${advice}`);
  }
}

/** Runs one step's command; a failure names the step and says what to do (`advice`). */
function run(step, advice, name, args, { env = ENV } = {}) {
  return new Promise((resolve, reject) => {
    const child =
      name === "node" ? spawn(process.execPath, args, { cwd: ROOT, env, stdio: "inherit" }) : spawnBin(name, args, env);
    current = child;
    child.on("error", (error) => reject(new StepError(step, error.message, advice)));
    child.on("exit", (code, signal) => {
      current = null;
      if (stopping) process.exit(128 + constants.signals[stopping]);
      if (code === 0) resolve();
      else reject(new StepError(step, `${name} ${args.join(" ")}: ${signal ?? `exit code ${code}`}`, advice));
    });
  });
}

async function newestMtime(target) {
  let info;
  try {
    info = await stat(target);
  } catch {
    return 0;
  }
  if (!info.isDirectory()) return info.mtimeMs;
  let newest = info.mtimeMs; // a deleted file changes its folder's time
  for (const entry of await readdir(target, { withFileTypes: true })) {
    if (entry.name === "node_modules" || entry.name.startsWith(".")) continue;
    newest = Math.max(newest, await newestMtime(path.join(target, entry.name)));
  }
  return newest;
}

// Left by this script's own build: a production build (`npm run build`) in build/ has no development
// tools (no test payment gateway), so it is rebuilt rather than served.
const DEV_BUILD_STAMP = path.join(ROOT, "build", ".dev-tools");

async function buildIsCurrent() {
  let built;
  try {
    built = (await stat(BUILD_OUTPUT)).mtimeMs;
    await stat(DEV_BUILD_STAMP);
  } catch {
    return false;
  }
  const sources = await Promise.all(BUILD_INPUTS.map((p) => newestMtime(path.join(ROOT, p))));
  return Math.max(...sources) <= built;
}

function portIsFree(port) {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once("error", () => resolve(false));
    server.listen(port, () => server.close(() => resolve(true)));
  });
}

async function waitUntilUp(child, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline && child.exitCode === null) {
    try {
      await fetch(URL, { redirect: "manual", signal: AbortSignal.timeout(2000) });
      return true;
    } catch {
      await new Promise((r) => setTimeout(r, 500));
    }
  }
  return false;
}

function banner(accounts, heading) {
  const width = Math.max(...accounts.map((a) => a.email.length));
  const lines = [
    heading,
    "",
    `  Open ${URL}`,
    "",
    "  Demo logins (e-mail / password):",
    ...accounts.map((a) => `    ${a.role.padEnd(12)} ${a.email.padEnd(width)}  ${a.password}`),
    "  The administrator also types a two-factor code: `npm run totp` prints the current one.",
    "",
    `  Local data: ${PERSIST_TO} (delete it for a fresh seed). Ctrl-C stops the server.`,
  ];
  const rule = "=".repeat(Math.max(...lines.map((l) => l.length)) + 2);
  return `\n${rule}\n${lines.map((l) => ` ${l}`).join("\n")}\n${rule}\n`;
}

async function main() {
  if (!(await portIsFree(PORT))) {
    console.error(
      `Port ${PORT} is already in use (is another \`npm start\` or \`wrangler dev\` running?). Stop it or set PORT.`,
    );
    process.exit(1);
  }

  if (await buildIsCurrent()) {
    console.log("> build/ is up to date, skipping the build");
  } else {
    console.log("> Building the app (remix vite:build) ...");
    await run(
      "building the app",
      "The build's errors are above: put them right and run `npm start` again.",
      "remix",
      ["vite:build"],
      { env: buildEnv(APP_BUILD_DIR, ENV) },
    );
    await writeFile(DEV_BUILD_STAMP, "built by npm start with the development tools\n");
  }

  // Through scripts/wrangler-d1.mjs: it runs wrangler again when wrangler's platform proxy lost an answer.
  console.log(`> Applying D1 migrations to ${PERSIST_TO} ...`);
  await run(
    "applying the D1 migrations",
    "The lines above say which migration failed and why. Migrations already applied stay applied: run " +
      "`npm start` again once that is put right.",
    "node",
    [path.join(ROOT, "scripts", "wrangler-d1.mjs"), "migrations", "apply", "DB", "--local", "--persist-to", PERSIST_TO],
  );

  // Before the seed: it seals the demo administrator's TOTP secret with .dev.vars' sealing key.
  ensureDevVars();
  console.log("> Seeding demo data (skipped when the database already has users) ...");
  await run(
    "seeding the demo data",
    "The lines above say which step of the seed failed and what to do (most often: run `npm start` again; " +
      "it seeds a database that has no users).",
    "node",
    [path.join(ROOT, "scripts", "seed.mjs"), "--if-empty", "--no-logins", "--persist-to", PERSIST_TO],
  );

  // The logins come from drizzle/seed/demo-accounts.ts, through the bundled seed module.
  const { DEMO_ACCOUNTS } = await loadSeedModule();

  console.log(`> Starting wrangler dev on port ${PORT} (the logins follow once it answers) ...`);
  const dev = spawnBin("wrangler", ["dev", "--port", String(PORT), "--persist-to", PERSIST_TO, ...DEV_TOOLS_DEFINE]);
  current = dev;
  dev.on("exit", (code, signal) => {
    process.exit(code ?? (signal ? 128 + constants.signals[signal] : 1));
  });
  const up = await waitUntilUp(dev);
  if (dev.exitCode === null && !stopping) {
    console.log(
      banner(DEMO_ACCOUNTS, up ? "Kiwi Companions is running." : "Kiwi Companions is starting (not answering yet)."),
    );
  }
}

main().catch((error) => {
  console.error(error instanceof StepError ? `\n${error.message}` : `\nnpm start failed: ${error.stack}`);
  process.exit(1);
});
