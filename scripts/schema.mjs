// `npm run schema`: applies every migration to an empty local database and writes docs/schema.sql from it
// (scripts/schema-text.mjs). Run it after adding a migration; the test of the same name says when it is due.
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { SCHEMA_QUERY, schemaText } from "./schema-text.mjs";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const state = mkdtempSync(path.join(tmpdir(), "schema-"));
const env = { ...process.env, WRANGLER_SEND_METRICS: "false", CI: "1" };
const WRANGLER_OUTPUT_BYTES = 256 * 1024 * 1024;

/** `wrangler d1 …` through scripts/wrangler-d1.mjs, which runs it again when its platform proxy lost an answer. */
function wranglerD1(args) {
  const r = spawnSync(process.execPath, ["scripts/wrangler-d1.mjs", ...args, "--local", "--persist-to", state], {
    cwd: ROOT,
    env,
    encoding: "utf8",
    // wrangler prints its whole table of migrations after each one it applies: past 70 migrations that is
    // more than spawnSync's 1 MB default, which ends the run as a failure (ENOBUFS) with nothing said.
    maxBuffer: WRANGLER_OUTPUT_BYTES,
  });
  if (r.status !== 0)
    throw new Error(`wrangler d1 ${args.join(" ")} failed:\n${r.error ?? ""}\n${r.stdout?.slice(-4000)}\n${r.stderr}`);
  return r.stdout;
}

try {
  wranglerD1(["migrations", "apply", "DB"]);
  const out = wranglerD1(["execute", "DB", "--json", "--command", SCHEMA_QUERY]);
  const rows = JSON.parse(out.slice(out.indexOf("[")))[0].results;
  writeFileSync(path.join(ROOT, "docs", "schema.sql"), schemaText(rows));
  console.log(`docs/schema.sql written: ${rows.length} tables, indexes and triggers.`);
} finally {
  rmSync(state, { recursive: true, force: true });
}
