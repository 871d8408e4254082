// scripts/build-inputs.mjs: a warm `npm test` skips a build only when nothing it is made from changed.
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { buildInputsHash, isCurrent, stamp } from "../../scripts/build-inputs.mjs";

let root = "";
const write = (file: string, text: string) => {
  mkdirSync(join(root, file, ".."), { recursive: true });
  writeFileSync(join(root, file), text);
};

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), "build-inputs-"));
  execFileSync("git", ["init", "-q"], { cwd: root });
  write(".gitignore", "build-test/\n");
  write("app/root.tsx", "export default 1;\n");
  write("tests/unit/a.test.ts", "// a test\n");
  write("docs/a.md", "# a doc\n");
  execFileSync("git", ["add", "-A"], { cwd: root });
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe("the build's inputs", () => {
  it("change with an app file, committed or not, and with a new one", () => {
    const before = buildInputsHash(root);
    write("app/root.tsx", "export default 2;\n");
    const edited = buildInputsHash(root);
    expect(edited).not.toBe(before);
    write("app/new.ts", "export {};\n");
    expect(buildInputsHash(root)).not.toBe(edited);
  });

  it("do not change with the tests, the docs or ignored files", () => {
    const before = buildInputsHash(root);
    write("tests/unit/a.test.ts", "// another test\n");
    write("docs/b.md", "# another doc\n");
    write("build-test/server/index.js", "built\n");
    expect(buildInputsHash(root)).toBe(before);
  });

  it("are unknown outside a git checkout, so the build always runs", () => {
    rmSync(join(root, ".git"), { recursive: true, force: true });
    expect(buildInputsHash(root)).toBeNull();
    expect(isCurrent(join(root, "stamp.json"), join(root, "app/root.tsx"), null)).toBe(false);
  });
});

describe("a build's stamp", () => {
  it("is current for the same inputs and output, and not once either changes", () => {
    const output = join(root, "build-test/server/index.js");
    const stampFile = join(root, "build-test/inputs.json");
    write("build-test/server/index.js", "built\n");
    const inputs = buildInputsHash(root);
    expect(isCurrent(stampFile, output, inputs)).toBe(false);
    stamp(stampFile, output, inputs);
    expect(isCurrent(stampFile, output, inputs)).toBe(true);
    write("app/root.tsx", "export default 3;\n");
    expect(isCurrent(stampFile, output, buildInputsHash(root))).toBe(false);
    // Rebuilt by something else (the bench, a build by hand) from inputs the stamp does not know.
    utimesSync(output, new Date(), new Date(Date.now() + 5_000));
    expect(isCurrent(stampFile, output, inputs)).toBe(false);
  });
});
