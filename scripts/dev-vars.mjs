// Local runs are development: wrangler.toml says production (what a deploy ships) and `wrangler dev`
// reads overrides from .dev.vars, which deploys never upload. `npm start`, `npm test` and the benchmark
// make sure it says APP_ENV=development, keeping whatever else a developer put there.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const DEV_VARS = path.join(ROOT, ".dev.vars");

export function ensureDevVars(file = DEV_VARS) {
  const text = existsSync(file) ? readFileSync(file, "utf8") : "";
  if (/^\s*APP_ENV\s*=/m.test(text)) return;
  const header = text ? "" : "# Local overrides of wrangler.toml [vars]; never deployed (see scripts/dev-vars.mjs).\n";
  writeFileSync(file, `${text}${text && !text.endsWith("\n") ? "\n" : ""}${header}APP_ENV = "development"\n`);
}
