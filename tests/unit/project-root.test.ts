// The scripts find the project from wrangler.toml, wherever they run: bundled into node_modules/.cache/<name>/
// (the seed, the benchmark) "one folder up" is not the project, and .dev.vars written there is never read.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { findProjectRoot } from "../../scripts/project-root.mjs";
import { DEV_VARS } from "../../scripts/dev-vars.mjs";

const project = mkdtempSync(join(tmpdir(), "project-root-"));
afterAll(() => rmSync(project, { recursive: true, force: true }));

describe("the project's folder", () => {
  it("is the nearest folder up with wrangler.toml, from a bundle deep in node_modules/.cache", () => {
    writeFileSync(join(project, "wrangler.toml"), 'name = "x"\n');
    const bundle = join(project, "node_modules", ".cache", "bench");
    mkdirSync(bundle, { recursive: true });
    expect(findProjectRoot(bundle)).toBe(project);
    expect(findProjectRoot(join(project, "scripts"))).toBe(project);
  });

  it("is the fallback where no folder up has wrangler.toml", () => {
    const elsewhere = mkdtempSync(join(tmpdir(), "no-project-"));
    expect(findProjectRoot(elsewhere, "/fallback")).toBe("/fallback");
    rmSync(elsewhere, { recursive: true, force: true });
  });

  it("holds .dev.vars", () => {
    expect(DEV_VARS).toBe(join(process.cwd(), ".dev.vars"));
  });
});
