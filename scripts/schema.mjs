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

function wrangler(args) {
  const r = spawnSync("npx", ["wrangler", ...args, "--local", "--persist-to", state], {
    cwd: ROOT,
    env,
    encoding: "utf8",
  });
  if (r.status !== 0) throw new Error(`wrangler ${args.join(" ")} failed:\n${r.stdout}\n${r.stderr}`);
  return r.stdout;
}

try {
  wrangler(["d1", "migrations", "apply", "DB"]);
  const out = wrangler(["d1", "execute", "DB", "--json", "--command", SCHEMA_QUERY]);
  const rows = JSON.parse(out.slice(out.indexOf("[")))[0].results;
  writeFileSync(path.join(ROOT, "docs", "schema.sql"), schemaText(rows));
  console.log(`docs/schema.sql written: ${rows.length} tables, indexes and triggers.`);
} finally {
  rmSync(state, { recursive: true, force: true });
}
