#!/usr/bin/env node
// `wrangler d1 …` on a local database, run again in a new process when wrangler's platform proxy lost an answer
// (scripts/platform-proxy.mjs says what that is). `npm start`, `npm run db:migrate`, the end-to-end tests' and
// the bench's stores apply their migrations through this:
//   node scripts/wrangler-d1.mjs migrations apply DB --local --persist-to DIR
// Running them again is clean: each migration is one D1 batch with its row in d1_migrations, so a run that
// fails applies each migration wholly or not at all, and the next one applies what is left. Any other
// failure is not run again. wrangler's own output is passed through as it comes (with --json, only the
// output of the run that counts); a note on stderr says when a run is started again, and the last line of
// a failure says what to do. Runs the wrangler of the current directory's project.
import { spawn } from "node:child_process";
import { createRequire } from "node:module";
import path from "node:path";
import { constants } from "node:os";
import { ATTEMPTS, LOST_ANSWER_DOC, showsLostProxyAnswer } from "./platform-proxy.mjs";

const args = process.argv.slice(2);
const command = `wrangler d1 ${args.join(" ")}`;
const json = args.includes("--json");
const require = createRequire(path.join(process.cwd(), "package.json"));
const wranglerPackage = require.resolve("wrangler/package.json");
const wrangler = path.join(path.dirname(wranglerPackage), require(wranglerPackage).bin.wrangler);
const env = {
  ...process.env,
  // Non-interactive: `migrations apply` would otherwise ask before applying.
  CI: "1",
  WRANGLER_SEND_METRICS: "false",
  // Through a pipe wrangler would drop its colours; keep them for a terminal.
  ...(process.stdout.isTTY && !process.env.NO_COLOR ? { FORCE_COLOR: "1" } : {}),
};

let child = null;
let stopping = null;
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => {
    stopping = signal;
    if (child) child.kill(signal);
    else process.exit(128 + constants.signals[signal]);
  });
}

/** One run of wrangler; resolves to its exit code and everything it printed. */
function runOnce() {
  return new Promise((resolve) => {
    let output = "";
    let stdout = "";
    child = spawn(process.execPath, [wrangler, "d1", ...args], { env, stdio: ["ignore", "pipe", "pipe"] });
    child.stdout.on("data", (chunk) => {
      output += chunk;
      if (json) stdout += chunk;
      else process.stdout.write(chunk);
    });
    child.stderr.on("data", (chunk) => {
      output += chunk;
      process.stderr.write(chunk);
    });
    child.on("error", (error) => resolve({ code: 1, output: String(error), stdout }));
    child.on("close", (code, signal) => resolve({ code: code ?? 128 + constants.signals[signal], output, stdout }));
  });
}

for (let attempt = 1; ; attempt++) {
  const { code, output, stdout } = await runOnce();
  child = null;
  if (stopping) process.exit(128 + constants.signals[stopping]);
  const lost = code !== 0 && showsLostProxyAnswer(output);
  if (json && (code === 0 || !lost || attempt >= ATTEMPTS)) process.stdout.write(stdout);
  if (code === 0) process.exit(0);
  if (!lost) {
    console.error(`\n${command} failed (exit code ${code}): the lines above say why. Run it again once that is fixed.`);
    process.exit(code);
  }
  if (attempt >= ATTEMPTS) {
    console.error(
      `\n${command} failed: wrangler's platform proxy lost an answer ${ATTEMPTS} times in a row ` +
        `(${LOST_ANSWER_DOC}). The machine is very busy: run the same command again when it is quieter.`,
    );
    process.exit(code);
  }
  console.error(
    `\n${command}: wrangler's platform proxy lost an answer ("false == true" above; ${LOST_ANSWER_DOC}). ` +
      `Nothing is half-applied; running it again in a new process (attempt ${attempt + 1} of ${ATTEMPTS}).\n`,
  );
}
