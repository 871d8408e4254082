// The project's folder: the nearest folder up with wrangler.toml. The scripts also run bundled into
// node_modules/.cache/<name>/ (scripts/bundle.mjs, for the seed and the benchmark), where "one folder up from
// this file" is not the project.
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** The nearest folder at or above `from` that holds wrangler.toml; `fallback` when none does. */
export function findProjectRoot(from, fallback = from) {
  for (let dir = from; path.dirname(dir) !== dir; dir = path.dirname(dir))
    if (existsSync(path.join(dir, "wrangler.toml"))) return dir;
  return fallback;
}

/** The project's folder, found from the file that imports this one (`import.meta.url`). */
export function projectRootOf(moduleUrl) {
  const here = path.dirname(fileURLToPath(moduleUrl));
  return findProjectRoot(here, path.resolve(here, ".."));
}
