// Local runs are development: wrangler.toml says production (what a deploy ships) and `wrangler dev`
// reads overrides from .dev.vars, which deploys never upload. `npm start`, `npm test` and the benchmark
// make sure it says APP_ENV=development and has its keys (sealing, Safety Net, visitor hashes, booking
// requests), keeping whatever else a developer put there.
import { randomBytes } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { projectRootOf } from "./project-root.mjs";

// Found from wrangler.toml, not from this file: bundled into node_modules/.cache/<name>/ (the seed, the
// benchmark) "one folder up" would put .dev.vars where wrangler never reads it.
const ROOT = projectRootOf(import.meta.url);
export const DEV_VARS = path.join(ROOT, ".dev.vars");

// The key that seals TOTP secrets in D1 and the D1 bookmark cookie (app/platform/crypto/sealing-key.server.ts):
// random per checkout, so a copy of a local database is no more readable than a production one. The seed
// seals the demo administrator's secret with it; a new key (a deleted .dev.vars) means seeding a fresh
// database. A checkout from before has it as TWO_FACTOR_KEY, its first name, which is still read: it is kept
// as it is, so its database still opens (docs/decisions/0038-sealing-key.md).
const LINES = [
  [/^\s*APP_ENV\s*=/m, () => `APP_ENV = "development"`],
  [/^\s*(SEALING_KEY|TWO_FACTOR_KEY)\s*=/m, () => `SEALING_KEY = "${randomBytes(32).toString("base64")}"`],
  // The Safety Net's key for identifier hashes and sealed reports (app/features/safety-net/safety-key.server.ts).
  [/^\s*SAFETY_NET_KEY\s*=/m, () => `SAFETY_NET_KEY = "${randomBytes(32).toString("base64")}"`],
  // The key of visitors' hashes: counting marks and likes' server-made ids (app/platform/crypto/visitor-key.server.ts).
  [/^\s*VISITOR_KEY\s*=/m, () => `VISITOR_KEY = "${randomBytes(32).toString("base64")}"`],
  // The booking requests' key for number hashes and sealed requests (app/features/bookings/booking-key.server.ts).
  [/^\s*BOOKINGS_KEY\s*=/m, () => `BOOKINGS_KEY = "${randomBytes(32).toString("base64")}"`],
];

export function ensureDevVars(file = DEV_VARS) {
  let text = existsSync(file) ? readFileSync(file, "utf8") : "";
  const missing = LINES.filter(([pattern]) => !pattern.test(text));
  if (missing.length === 0) return;
  if (!text) text = "# Local overrides of wrangler.toml [vars]; never deployed (see scripts/dev-vars.mjs).\n";
  if (!text.endsWith("\n")) text += "\n";
  writeFileSync(file, `${text}${missing.map(([, line]) => `${line()}\n`).join("")}`);
}
