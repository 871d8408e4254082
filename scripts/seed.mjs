#!/usr/bin/env node
// `npm run db:seed`: demo data into the local D1/R2 of `wrangler dev`.
// A thin launcher: bundles drizzle/seed/main.ts (TypeScript that shares the pure modules of app/features with the app) with esbuild
// into node_modules/.cache/seed/main.mjs, then runs it. Options: node scripts/seed.mjs --help
import path from "node:path";
import { fileURLToPath } from "node:url";
import { bundleAndImport, ROOT } from "./bundle.mjs";
import { ensureDevVars } from "./dev-vars.mjs";

export { ROOT };

/** Bundles the seed and imports it. The module has no side effects on import. */
export function loadSeedModule() {
  return bundleAndImport("drizzle/seed/main.ts", "seed");
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.setSourceMapsEnabled?.(true);
  try {
    // The seed seals the demo administrator's TOTP secret with .dev.vars' sealing key.
    ensureDevVars();
    const seed = await loadSeedModule();
    const code = await seed.main(process.argv.slice(2), ROOT);
    // Exit explicitly: sharp's worker threads can otherwise keep the process alive for a while.
    process.exit(code);
  } catch (error) {
    console.error(error);
    process.exit(1);
  }
}
