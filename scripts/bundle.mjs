// Runs a TypeScript entry from Node 20 (which cannot load .ts): bundles it with esbuild, dependencies
// left external, into node_modules/.cache/<name>/main.mjs, then imports it.
import { build } from "esbuild";
import { mkdir, rename, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

export async function bundleAndImport(entry, name) {
  const outfile = path.join(ROOT, "node_modules", ".cache", name, "main.mjs");
  const result = await build({
    entryPoints: [path.join(ROOT, entry)],
    outfile,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    packages: "external",
    alias: { "~": path.join(ROOT, "app") },
    sourcemap: "inline",
    logLevel: "warning",
    write: false,
  });
  // Write-then-rename, so runs started side by side (parallel test runs) never import a half-written file.
  await mkdir(path.dirname(outfile), { recursive: true });
  const tmp = `${outfile}.${process.pid}.tmp`;
  await writeFile(tmp, result.outputFiles[0].contents);
  await rename(tmp, outfile);
  // A fresh URL per build, in case one process loads it twice.
  const { mtimeMs } = await stat(outfile);
  return import(`${pathToFileURL(outfile).href}?v=${mtimeMs}`);
}
